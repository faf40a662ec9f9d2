cd /tmp/qa2/pgb && PGOPTIONS='-c lock_timeout=1000' vacuumdb -h /tmp/qa2/pgb -p 54391 -U postgres -d bench -v -z 2>&1
# exit status: 1
# PostgreSQL 15 vacuumdb --verbose --analyze of a whole database while another session holds ACCESS EXCLUSIVE on pgbench_tellers: ~40 tables of INFO statistics, then the lock timeout error
