cd /tmp/qa2/pgb && vacuumdb -h /tmp/qa2/pgb -p 54391 -U postgres -d bench -v -z -t orders -t pgbench_accounts -t 'events(kind, payload_size)' 2>&1
# exit status: 1
# three listed tables, verbose vacuum + analyze; the column list of events names a column that does not exist, so ANALYZE of events fails
