lscpu
# exit status: 0
