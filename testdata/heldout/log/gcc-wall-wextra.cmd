cd /tmp/qa/p/c && gcc -Wall -Wextra -Wshadow -Wformat=2 -Wconversion -O2 -c ring.c -o /dev/null 2>&1
# exit status: 0
