cd /tmp/qa/c && gcc -g -O0 -fsanitize=address -fno-omit-frame-pointer stack.c -o stack && ./stack 2>&1
# exit status: 1
# stack.c: total() reads scores[4] of a 4-element array in a struct on main's stack
