# cwd: /tmp/qa3/fx
readelf -S -W /usr/bin/perl; readelf -S /nonexistent.so
# exit status 1
