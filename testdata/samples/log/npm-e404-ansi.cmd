cd /tmp/npmt && npm install --color=always kompress-missing-pkg-777
# exit status: 1
