ss -tan
# exit status: 0
