find /usr/share/doc -type f | sed 's/.*\///; s/.*\.//' | sort | uniq -c | sort -rn | head -60
# exit status: 0
