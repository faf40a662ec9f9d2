cd /tmp/smp/pg && psql -h /tmp/smp/pg -p 54329 -U postgres -c '\d+ orders' -c "SELECT status, count(*), sum(total), min(placed_on), max(placed_on) FROM orders GROUP BY status" -c "SELECT schemaname, relname, n_live_tup, seq_scan FROM pg_stat_user_tables"
# exit status: 0
