# cwd: /tmp/qa3/fx/ct (a CMake project: t.c prints "running case N", fails when N%13==0 with "t.c:6: check failed", sleeps past a 1 s TIMEOUT for case 7, dereferences NULL for case 29; 40 add_test cases)
ctest --test-dir build --output-on-failure
# exit status 8
