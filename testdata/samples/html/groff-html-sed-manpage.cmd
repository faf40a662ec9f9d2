zcat /usr/share/man/man1/sed.1.gz | groff -man -Thtml 2>&1
# exit status: 0
# GNU groff 1.22.4 rendering the sed(1) man page (sed 4.9) to HTML 4.01 (tables for option lists, <b>/<i>, CreationDate comment)
