cd /tmp/qroute/mdb && mariadb --no-defaults -S /tmp/qroute/mdb/sock -u root -t -e "SHOW GLOBAL STATUS LIKE 'Innodb%'"
# exit status: 0
