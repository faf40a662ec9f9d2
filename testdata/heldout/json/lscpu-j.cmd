lscpu -J
# exit status: 0
