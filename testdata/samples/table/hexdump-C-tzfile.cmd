hexdump -C /usr/share/zoneinfo/Europe/Paris
# exit status: 0
