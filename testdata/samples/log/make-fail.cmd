cd /tmp/cproj && make clean && make -k
# exit status: 2
