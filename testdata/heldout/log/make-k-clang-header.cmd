# cwd: /tmp/qfail/h/cl (log.h with a -Wsign-compare warning included by 6 files compiled with clang; gpu.c uses an undeclared name)
make -k 2>&1
# exit status: 2
