# cwd: /tmp/qa5/fx/c (bad.c: reads past a malloc, leaks a list, strcpy overflow, uninitialised branch, double free; gcc -g -O0)
valgrind -v --leak-check=full --show-leak-kinds=all --track-origins=yes ./bad
# exit status 0
