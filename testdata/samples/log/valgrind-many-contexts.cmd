cd /tmp/smp/vg && gcc -g -O0 leaks.c -o leaks && valgrind --leak-check=full --show-leak-kinds=all --error-limit=no ./leaks
# exit status: 0
