# cwd: /tmp/qa3/fx/perlt
prove t/
# exit status 1
