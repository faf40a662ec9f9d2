sqlite3 -column -header pkgs.db 'select name, version, size, status from pkg order by name limit 150'
# exit status: 0
# the same pkgs.db as sqlite3-box-dpkg
