cd /tmp/qa2/sparse1 && sparse -Wall ring.c sched.c 2>&1
# exit status: 0
# sparse 0.6.4 on two kernel-style C files: __user pointer passed to memcpy, __bitwise be16 used as int, lock context imbalance,
# plain 0 as NULL, shift by 33, excess array initializer, many non-static globals
