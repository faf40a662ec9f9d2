cd /tmp/qa2/cov2 && gcovr -r . --txt 2>&1
# exit status: 0
# gcovr 5.2 line-coverage table over the zlib example programs (built with --coverage, a few run on seq 1 20000), with a long Missing column of line ranges
