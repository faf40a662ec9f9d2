# cwd: /tmp/qa3/fx (shop.db: customers 2000, orders 20000, items 30000 rows; eqp.sql: .eqp full, four queries (join + group by, a range with order by, IN-subquery with having, NOT EXISTS), then a query of a column that does not exist)
sqlite3 -header -column shop.db < eqp.sql
# exit status 1
