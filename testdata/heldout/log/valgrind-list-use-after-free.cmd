cd /tmp/smp/asan && gcc -g -O0 list.c -o list && valgrind --leak-check=full ./list
# exit status: 0
