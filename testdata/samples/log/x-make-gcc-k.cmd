cd /tmp/xs/c && make -k 2>&1
# exit status: 2
# setup: 30 good files f1.c..f30.c and main.c with 2 errors and 3 warnings, CFLAGS=-Wall -Wextra -O2
