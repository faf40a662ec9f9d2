tail -n 300 /var/log/apt/term.log
# exit status: 0
