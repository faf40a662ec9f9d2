cd /tmp/qa2/pgb && pgbench -h /tmp/qa2/pgb -p 54391 -U postgres -n -c 4 -j 2 -t 30 --max-tries=2 --failures-detailed --verbose-errors -r -f hot.sql bench 2>&1
# exit status: 0
# hot.sql: REPEATABLE READ transaction updating 2 hot branch rows and 5 accounts with a pg_sleep between: serialization failures, retries, 41 of 120 failed; -r per-statement failures/retries
