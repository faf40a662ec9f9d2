psql -h /tmp/qaroute/pg -U postgres -d shop -f report.sql 2>&1
# exit status: 0
# the shop schema of log/psql-explain-analyze-shop; report.sql: \timing on, a grouped query, EXPLAIN ANALYZE of a join, a 25-row query
