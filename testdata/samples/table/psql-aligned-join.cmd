cd /tmp/smp/pg && psql -h /tmp/smp/pg -p 54329 -U postgres -c "SELECT c.id, c.name, c.city, o.status, o.total, o.placed_on FROM customers c JOIN orders o ON o.customer_id = c.id ORDER BY o.id LIMIT 250"
# exit status: 0
# server: initdb in /tmp, unix socket only (listen_addresses empty), seeded by seed.sql
