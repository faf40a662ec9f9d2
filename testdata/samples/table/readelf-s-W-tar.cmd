# cwd: /tmp (binutils 2.40 readelf; GNU tar 1.34 from Debian, stripped: the dynamic symbol table only)
readelf -W -s /usr/bin/tar
# exit status 0
