psql -h /tmp/qaroute/pg -U postgres -d shop -f explain-json.sql 2>&1
# exit status: 0
# PostgreSQL 15, the shop schema of log/psql-explain-analyze-shop; EXPLAIN (FORMAT JSON, ANALYZE, BUFFERS) of the same four-way join:
# one cell, each line padded to the column width and ended by "+"
