psql -h /tmp/qaroute/pg -U postgres -d shop -f explain-analyze.sql 2>&1
# exit status: 0
# PostgreSQL 15, a shop schema (5000 customers, 40000 orders, 120000 order items); EXPLAIN (ANALYZE, BUFFERS) of a four-way join
