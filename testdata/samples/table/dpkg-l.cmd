dpkg -l | head -c 150000
# exit status: 0
# head -c 150000
