cd /usr/share/common-licenses && cat Artistic
# exit status: 0
