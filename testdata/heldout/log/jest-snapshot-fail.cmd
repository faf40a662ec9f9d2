cd /tmp/qa/p/jsnap && jest --ci --colors=false 2>&1   # jest 30, stale snapshots
# exit status: 1
