cd /tmp/smp/g && git show --stat -p HEAD~1
# exit status: 0
