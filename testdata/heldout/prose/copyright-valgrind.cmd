cd /usr/share/doc/valgrind && cat copyright
# exit status: 0
