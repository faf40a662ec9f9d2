cd /tmp/smp/asan && clang -g -O0 -fsanitize=address -fsanitize-address-use-after-return=always glob.c -o glob && ./glob
# exit status: 1
