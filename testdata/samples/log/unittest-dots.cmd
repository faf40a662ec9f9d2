cd /tmp/xs/pyu && python3 -m unittest 2>&1
# exit status: 1
# setup: same project as unittest-discover-v, default (non-verbose) discovery: a line of .ExEFs progress, then the reports
