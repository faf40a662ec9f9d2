su postgres -c "pg_dump -h /tmp/qaroute2/pg -p 54329 --schema-only library"
# exit status: 0
# PostgreSQL 15.18 (apt), own library schema: two tables, an index, a view, a SQL function
