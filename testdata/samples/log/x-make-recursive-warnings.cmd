cd /tmp/xs/mk && make 2>&1
# exit status: 0
# setup: top Makefile runs make -C on liba, libb, libc; each has 12 C files with an unused variable, CFLAGS -Wall -Wextra -O2
