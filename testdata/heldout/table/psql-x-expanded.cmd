psql -h /tmp/qaroute/pg -U postgres -d shop -x -c "SELECT * FROM orders o JOIN customers c ON c.id = o.customer_id ORDER BY o.id LIMIT 12"
# exit status: 0
# PostgreSQL 15, expanded display
