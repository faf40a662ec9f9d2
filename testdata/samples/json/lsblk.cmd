lsblk -J
# exit status: 0
