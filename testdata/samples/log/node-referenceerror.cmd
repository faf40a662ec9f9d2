node srv.js 2>&1   # node v20: prints 20 job lines, then reads an undefined global in a timer
# exit status: 1
