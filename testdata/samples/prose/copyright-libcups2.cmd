cat /usr/share/doc/libcups2/copyright
# exit status: 0
# Debian machine-readable copyright file (DEP-5) of the libcups2 package
