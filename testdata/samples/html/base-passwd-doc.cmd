cat /usr/share/doc/base-passwd/users-and-groups.html
# exit status: 0
