# cwd: /tmp (Debian 12 glibc 2.36; the dynamic linker's cache of this machine)
ldconfig -p
# exit status 0
