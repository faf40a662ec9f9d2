# cwd: /tmp/qa3/fx/perlt (8 Test::More files t/00-unit.t..t/07-unit.t with failing is/is_deeply/like checks; t/05 dies before done_testing)
prove -v t/
# exit status 1
