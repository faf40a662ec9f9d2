ls -lR /usr/share/doc/git
# exit status: 0
