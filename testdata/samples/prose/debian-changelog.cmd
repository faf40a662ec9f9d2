zcat /usr/share/doc/git/changelog.Debian.gz | head -c 40000
# exit status: 0
# head -c 40000
