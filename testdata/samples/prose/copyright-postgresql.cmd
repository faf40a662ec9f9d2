cd /usr/share/doc/postgresql-15 && cat copyright
# exit status: 0
