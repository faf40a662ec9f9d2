cd /var/log/apt && head -c 12000 history.log
# exit status: 0
