ldd /usr/bin/ssh /usr/bin/sqlite3 /usr/bin/jq 2>&1
# exit status: 0
