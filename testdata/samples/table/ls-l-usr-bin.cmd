ls -l /usr/bin | head -c 120000
# exit status: 0
# head -c 120000
