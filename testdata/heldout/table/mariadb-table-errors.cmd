cd /tmp/qroute/mdb && mariadb --no-defaults -S /tmp/qroute/mdb/sock -u root -t shop -e "SELECT city, COUNT(*) n, SUM(o.total) FROM customers c JOIN orders o ON o.customer_id = c.id GROUP BY city; SELECT * FROM customers WHERE id < 25; SELECT nme FROM customers; INSERT INTO orders VALUES (1, 2, 3, 4); SELECT * FROM nope;"
# exit status: 1
# a shop database (300 customers, 3000 orders) on a private mariadbd socket: two tables, then an unknown column, a duplicate key
