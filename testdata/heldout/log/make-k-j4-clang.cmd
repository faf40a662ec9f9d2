cd /tmp/smp/clangp && rm -f src/*.o; make -k -j4 2>&1
# exit status: 2
