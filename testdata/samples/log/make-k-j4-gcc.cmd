cd /tmp/smp/cproj && make clean >/dev/null; make -k -j4
# exit status: 2
