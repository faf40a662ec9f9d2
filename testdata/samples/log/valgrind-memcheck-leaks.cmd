cd /tmp/smp/asan && gcc -g -O0 leak.c -o leak && valgrind --leak-check=full --show-leak-kinds=all --track-origins=yes ./leak
# exit status: 0
