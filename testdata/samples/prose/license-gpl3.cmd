head -c 60000 /usr/share/common-licenses/GPL-3
# exit status: 0
# head -c 60000
