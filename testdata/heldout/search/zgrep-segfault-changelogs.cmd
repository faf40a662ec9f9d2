cd /tmp/qa2/zg1 && zgrep -n 'segfault\|segmentation fault' /usr/share/doc/*/changelog.Debian.gz 2>&1
# exit status: 0
# zgrep over all 1131 Debian changelogs on the box for segfault mentions: 501 hits, binutils' 39 hits repeated for 3 packages
