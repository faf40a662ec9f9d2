cd /tmp/qa/p/jv && mvn -o -e compile 2>&1   # empty local repository, offline
# exit status: 1
