su postgres -c "pg_dump -h /tmp/qaroute/pg --schema-only shop"
# exit status: 0
# the shop schema of log/psql-explain-analyze-shop (PostgreSQL 15)
