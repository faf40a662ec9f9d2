cd /tmp/smp/sq && column -t -s: -N user,pw,uid,gid,gecos,home,shell /etc/passwd
# exit status: 0
