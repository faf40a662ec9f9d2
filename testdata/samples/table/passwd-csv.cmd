awk -F: 'BEGIN{OFS=","; print "user,uid,gid,gecos,home,shell"} {print $1,$3,$4,"\""$5"\"",$6,$7}' /etc/passwd
# exit status: 0
