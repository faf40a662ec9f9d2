su postgres -c "psql -d qa_explain -f /tmp/qa/explain.sql" 2>&1   # PostgreSQL 15
# exit status: 0
