cat /usr/include/zlib.h | head -c 100000
# exit status: 0
# head -c 100000
