cd /tmp/smp/sq && sqlite3 -json shop.db 'SELECT id, name, category, price, stock FROM products LIMIT 40' && echo done
# exit status: 0
# sqlite3 -json (array of objects), then a status word
