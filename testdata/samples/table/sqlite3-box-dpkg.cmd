sqlite3 -box pkgs.db 'select name, version, size, status from pkg order by size desc limit 120'
# exit status: 0
# pkgs.db: the table pkg imported from dpkg-query -W -f '${Package}\t${Version}\t${Installed-Size}\t${Status}\n'
