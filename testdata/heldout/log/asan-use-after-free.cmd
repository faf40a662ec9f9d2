cd /tmp/smp/asan && gcc -g -O1 -fsanitize=address -fno-omit-frame-pointer uaf.c -o uaf && ./uaf
# exit status: 1
