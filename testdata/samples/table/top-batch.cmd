top -b -n 1 -w 200
