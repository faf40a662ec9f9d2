mariadb --no-defaults -S /tmp/qroute/mdb/sock -u root shop -e "SELECT TABLE_NAME, COLUMN_NAME, ORDINAL_POSITION, COLUMN_DEFAULT, IS_NULLABLE, DATA_TYPE, COLUMN_TYPE, COLUMN_KEY, EXTRA FROM information_schema.COLUMNS WHERE TABLE_SCHEMA='shop'\G SHOW INDEX FROM orders\G"
# exit status: 0
# mariadbd 10.11 on a private socket, database shop: customers(id, name, city, created), orders(id, customer_id, total, status)
