cd /tmp/cproj && gcc -Wall -c main.c util.c
# exit status: 1
