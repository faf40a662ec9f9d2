ls -lR /usr/share/perl/5.36/Pod  # GNU coreutils 9.1 (Debian 12)
# exit status 0
