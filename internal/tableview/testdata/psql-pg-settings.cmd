psql -c "select name, setting, unit, category, short_desc from pg_settings order by category, name"
# exit status: 0
# PostgreSQL 15 from Debian apt, run as the postgres user
