cd /tmp/smp/sq && sqlite3 -box shop.db 'SELECT * FROM products LIMIT 80'
# exit status: 0
