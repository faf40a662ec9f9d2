# cwd: /tmp (binutils 2.40 readelf; kompress built by go build from this repository: a Go binary of 51 sections, DWARF compressed)
readelf -S -W kompress
# exit status 0
