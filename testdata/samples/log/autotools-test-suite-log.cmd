# cwd: /tmp/qa3/fx/at
cat test-suite.log tests/t_big.log
# exit status 0
