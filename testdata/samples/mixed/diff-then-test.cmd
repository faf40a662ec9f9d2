cd /tmp/drepo && git show --stat HEAD | head -20 && cd /tmp/rlib && cargo test 2>&1 | tail -30
# exit status: 0
