cd /tmp/qroute/mdb && mariadb --no-defaults -S /tmp/qroute/mdb/sock -u root shop -B -e "SELECT o.id, c.name, c.city, o.total, o.status FROM orders o JOIN customers c ON c.id = o.customer_id ORDER BY o.id LIMIT 200"
# exit status: 0
