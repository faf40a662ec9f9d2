/usr/bin/time -v python3 -c 'import sys; sum(i*i for i in range(3000000)); sys.exit(3)' 2>&1
# exit status: 3
