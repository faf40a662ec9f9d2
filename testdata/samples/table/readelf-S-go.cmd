# cwd: /tmp (binutils 2.40 readelf; the same Go binary, without -W: two lines per section)
readelf -S kompress
# exit status 0
