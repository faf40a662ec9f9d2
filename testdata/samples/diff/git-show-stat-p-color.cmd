cd /tmp/smp/g && git show --color=always --stat -p HEAD~2
# exit status: 0
