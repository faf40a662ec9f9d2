dpkg-query -W -f='${Package}\t${Version}\t${Installed-Size}\n' | head -c 100000
# exit status: 0
# head -c 100000
