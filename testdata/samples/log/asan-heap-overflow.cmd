cd /tmp/smp/asan && gcc -g -O0 -fsanitize=address heap.c -o heap && ./heap
# exit status: 1
