cat /usr/share/doc/tar/copyright
# exit status: 0
# Debian machine-readable copyright file (DEP-5) of the tar package
