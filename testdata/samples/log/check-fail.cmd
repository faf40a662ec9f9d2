# cwd: /tmp/qa4/fx/c (Check 0.15.2 from Debian, a suite built from ck.c with a looped test failing at iteration 9, a segfaulting test and three failing string/pointer/message checks; CK_VERBOSE)
./ck
# exit status 1
