cd /tmp/smp/g && git format-patch --stdout HEAD~3
# exit status: 0
