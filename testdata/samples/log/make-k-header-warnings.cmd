# cwd: /tmp/qfail/hdr (ring.h with a -Wsign-compare and a -Wunused-function warning, included by 12 .c files; pop.c and stats.c have an error each)
make -k 2>&1
# exit status: 2
