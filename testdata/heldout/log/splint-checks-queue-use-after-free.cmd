cd /tmp/qa2/splint2 && splint +posixlib -checks queue.c 2>&1
# exit status: 1
# Splint 3.1.2 -checks on a linked-list queue: use after free in pop(), returning a stack buffer, read() past the buffer,
# unsigned loop counter >= 0, char compared to EOF, %ld for an int
