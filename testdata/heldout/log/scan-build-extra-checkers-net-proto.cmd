cd /tmp/qa2/sb2 && scan-build-14 -o /tmp/qa2/sb2/report --status-bugs -enable-checker security.insecureAPI.strcpy -enable-checker alpha.security.ArrayBoundV2 -enable-checker alpha.unix.cstring.OutOfBounds make 2>&1
# exit status: 1
# two files with a double free, strcpy/strncpy/memcpy overflows, NULL to strlen, leaks, uninitialized and NULL-field reads; 10 bugs with extra checkers enabled
