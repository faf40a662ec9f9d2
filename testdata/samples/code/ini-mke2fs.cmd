cat /etc/mke2fs.conf
# exit status: 0
