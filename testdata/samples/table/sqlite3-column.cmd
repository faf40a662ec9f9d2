cd /tmp/smp/sq && sqlite3 -column -header shop.db 'SELECT category, count(*) AS n, round(avg(price),2) AS avg_price, sum(stock) AS stock FROM products GROUP BY category; SELECT id, name, price, updated FROM products WHERE stock = 0 OR price > 90'
# exit status: 0
