sar -n DEV 1 2
# exit status: 0
