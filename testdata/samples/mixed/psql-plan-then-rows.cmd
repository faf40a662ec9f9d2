su postgres -c "psql -d postgres -f plan.sql" 2>&1   # PostgreSQL 15: EXPLAIN ANALYZE, an aligned result, a type error
# exit status: 0
