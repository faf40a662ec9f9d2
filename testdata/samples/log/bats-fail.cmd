# cwd: /tmp/qa3/fx/bats
bats deploy.bats
# exit status 1
