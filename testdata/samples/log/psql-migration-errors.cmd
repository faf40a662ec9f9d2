cd /tmp/smp/pg && psql -h /tmp/smp/pg -p 54329 -U postgres -a -f migrate.sql
# exit status: 0
# psql -a echoes each statement; server as in table/psql-aligned-join
