cd /tmp/smp/sq && sqlite3 -json shop.db 'SELECT * FROM products LIMIT 30' | jq -C -c '.[]'
# exit status: 0
# JSON lines, coloured
