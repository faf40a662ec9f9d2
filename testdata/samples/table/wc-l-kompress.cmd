wc -l router/*.go internal/*/*.go | sort -n | tail -60
# exit status: 0
# in this repository, branch qroute after commit 1521544 (with the countRow change in the work tree)
