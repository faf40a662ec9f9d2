# cwd: /tmp/qaroute2/sql
sqlite3 -markdown lib.db "SELECT id, year, isbn FROM books WHERE year >= 1960"
# exit status: 0
# sqlite3 3.40.1 (apt); books: 40 generated rows
