apropos -s 3 '^pthread_'
# exit status: 0
