cat /usr/include/stdio.h
# exit status: 0
