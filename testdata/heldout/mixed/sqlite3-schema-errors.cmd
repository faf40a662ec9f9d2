cd /tmp/qa && sqlite3 shop.db < sq.sql 2>&1   # .schema, -column query, constraint and parse errors
# exit status: 1
