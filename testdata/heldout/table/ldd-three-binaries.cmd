ldd /usr/bin/psql /usr/bin/git /usr/bin/curl 2>&1
# exit status: 1
# psql is a Debian wrapper script: not a dynamic executable
