head -80 /proc/crypto
# exit status: 0
