# cwd: /tmp/qaroute2/sql
sqlite3 lib.db ".schema" ".mode column" "SELECT id, author, year FROM books"
# exit status: 0
# sqlite3 3.40.1 (apt); own library db: .schema, then a -column query of 40 rows
