cd /tmp/smp/asan && gcc -g -O0 bigleak.c -o bigleak && valgrind --leak-check=full --show-leak-kinds=all --error-limit=no ./bigleak
# exit status: 0
