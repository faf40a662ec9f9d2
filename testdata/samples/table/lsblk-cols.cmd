lsblk -o NAME,SIZE,TYPE,MOUNTPOINT; true
# exit status: 0
