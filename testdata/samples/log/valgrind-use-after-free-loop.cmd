cd /tmp/qaloss/vg && gcc -g -O0 uaf.c -o uaf && valgrind -v --leak-check=full ./uaf 2>&1  # uaf.c: run_all frees every third job via finish() and reads j->next after it; main reads the freed head
# exit status: 0
