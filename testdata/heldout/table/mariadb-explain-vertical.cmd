cd /tmp/qroute/mdb && mariadb --no-defaults -S /tmp/qroute/mdb/sock -u root shop -e "EXPLAIN SELECT c.name, SUM(o.total) FROM customers c JOIN orders o ON o.customer_id = c.id WHERE c.city = 'Porto' GROUP BY c.name\G; SHOW TABLE STATUS\G; SHOW CREATE TABLE orders\G"
# exit status: 0
# EXPLAIN, SHOW TABLE STATUS and SHOW CREATE TABLE in \G form
