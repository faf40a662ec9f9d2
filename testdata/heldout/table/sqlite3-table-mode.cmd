cd /tmp/smp/sq && sqlite3 -table shop.db 'SELECT name, category, stock FROM products WHERE stock < 8 ORDER BY stock'
# exit status: 0
