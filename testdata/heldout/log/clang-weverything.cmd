cd /tmp/qaloss/hunt/clang && clang -Weverything -c w.c -o /dev/null 2>&1
# exit status: 0
