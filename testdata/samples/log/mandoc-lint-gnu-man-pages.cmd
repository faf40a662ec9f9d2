cd /tmp/qa2/mdoc1 && mandoc -T lint -W warning *.1 2>&1
# exit status: 4
# mandoc 1.14.6 lint (warning level and up) over nine real man(7) pages copied from Debian /usr/share/man/man1
# (bash, curl, find, grep, gzip, sed, ssh, tar, wget): 131 WARNING and 7 UNSUPP messages; exit 4
