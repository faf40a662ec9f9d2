cd /tmp/smp/g && git log -p --no-color
# exit status: 0
