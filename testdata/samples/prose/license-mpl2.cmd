cd /usr/share/common-licenses && cat MPL-2.0
# exit status: 0
