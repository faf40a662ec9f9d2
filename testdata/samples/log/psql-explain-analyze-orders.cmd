su postgres -c "psql -d qafix_explain -f /tmp/qafix/explain.sql" 2>&1   # PostgreSQL 15
# exit status: 0
# /tmp/qafix/explain.sql:
#   DROP TABLE IF EXISTS items, orders;
#   CREATE TABLE orders (id int primary key, customer text, placed date);
#   CREATE TABLE items (order_id int, sku text, qty int, price numeric);
#   INSERT INTO orders SELECT g, 'cust' || (g % 40), date '2026-01-01' + (g % 200) FROM generate_series(1, 5000) g;
#   INSERT INTO items SELECT (g % 5000) + 1, 'sku' || (g % 300), g % 7, (g % 90) + 0.5 FROM generate_series(1, 30000) g;
#   CREATE INDEX items_order ON items(order_id);
#   ANALYZE;
#   EXPLAIN (ANALYZE, BUFFERS, VERBOSE) SELECT a.customer, a.n, b.s, c.m FROM (SELECT customer, count(*) n FROM orders WHERE placed < date '2026-02-01' GROUP BY customer) a JOIN (SELECT o.customer, sum(i.price) s FROM orders o JOIN items i ON i.order_id = o.id WHERE i.qty > 2 GROUP BY o.customer) b ON b.customer = a.customer LEFT JOIN (SELECT o.customer, max(i.qty) m FROM orders o JOIN items i ON i.order_id = o.id WHERE i.sku LIKE 'sku1%' GROUP BY o.customer) c ON c.customer = a.customer WHERE EXISTS (SELECT 1 FROM items x WHERE x.sku = 'sku' || a.n) ORDER BY b.s DESC;
#   EXPLAIN (ANALYZE, BUFFERS) SELECT o.customer, sum(i.qty * i.price) FROM orders o JOIN items i ON i.order_id = o.id WHERE o.placed > date '2026-03-01' GROUP BY o.customer ORDER BY 2 DESC LIMIT 10;
#   EXPLAIN ANALYZE SELECT sku, count(*) FROM items WHERE qty > 3 AND sku IN (SELECT sku FROM items WHERE price > 80) GROUP BY sku HAVING count(*) > 5;
#   EXPLAIN (ANALYZE, VERBOSE) SELECT o.id, (SELECT max(price) FROM items WHERE order_id = o.id) FROM orders o WHERE o.customer LIKE 'cust1%' ORDER BY o.placed;
#   EXPLAIN ANALYZE SELECT * FROM items WHERE order_id BETWEEN 100 AND 180 AND qty = 2;
#   EXPLAIN (ANALYZE, BUFFERS) WITH totals AS (SELECT order_id, sum(qty) q FROM items GROUP BY order_id) SELECT o.customer, rank() OVER (PARTITION BY o.customer ORDER BY t.q DESC) FROM orders o JOIN totals t ON t.order_id = o.id WHERE t.q > 10;
#   EXPLAIN ANALYZE SELECT sku FROM items WHERE qty = 1 UNION SELECT sku FROM items WHERE price < 2 EXCEPT SELECT customer FROM orders;
#   EXPLAIN (ANALYZE, BUFFERS) SELECT o.placed, count(DISTINCT i.sku) FROM orders o LEFT JOIN items i ON i.order_id = o.id AND i.qty > 5 GROUP BY o.placed ORDER BY o.placed DESC;
#   SELECT o.customer, count(*) AS orders, min(o.placed) AS first FROM orders o GROUP BY o.customer ORDER BY 1 LIMIT 14;
#   EXPLAIN ANALYZE SELECT customr FROM orders;
