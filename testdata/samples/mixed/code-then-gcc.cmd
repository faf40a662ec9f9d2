cd /tmp/cproj && cat main.c util.c && gcc -Wall -c main.c util.c
# exit status: 1
