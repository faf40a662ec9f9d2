cd /tmp/qroute/hunt/lint && rubocop --no-color --cache false inv.rb inv2.rb
# exit status: 1
