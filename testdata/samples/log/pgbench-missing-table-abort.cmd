cd /tmp/qa2/pgb && pgbench -h /tmp/qa2/pgb -p 54391 -U postgres -n -c 4 -j 2 -t 20 -r -f transfer.sql bench 2>&1
# exit status: 2
# pgbench 15 custom script transfer.sql (two account UPDATEs in a transaction) INSERTs into transfer_audit, a table that was never created: every client aborts
