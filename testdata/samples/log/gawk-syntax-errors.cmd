# cwd: /tmp/qa3/fx
gawk "{ print \$1 ) } /x/ { if (\$2 == ) print } END { printf(\"%d\n\" }" /etc/passwd; gawk --lint "BEGIN { x = y + 1; substr(\"abc\", 0); print length }" ; sed -e "s/a/b" -e "/x/{p" /etc/passwd; sed -n "3,\$!{p" /etc/passwd
# exit status 1
