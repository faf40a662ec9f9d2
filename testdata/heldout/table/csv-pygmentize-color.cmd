cd /tmp/smp/pg && psql -h /tmp/smp/pg -p 54329 -U postgres --csv -c 'SELECT * FROM customers LIMIT 50' | pygmentize -l text -f terminal -O style=monokai | sed $'s/,/\033[33m,\033[0m/g'
# exit status: 0
# psql --csv with commas coloured yellow
