cat /usr/share/common-licenses/Apache-2.0
# exit status: 0
