python3 -m pip list 2>/dev/null
# exit status: 0
