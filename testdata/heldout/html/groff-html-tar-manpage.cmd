zcat /usr/share/man/man1/tar.1.gz | groff -man -Thtml 2>&1
# exit status: 0
# GNU groff 1.22.4 rendering the tar(1) man page (tar 1.34) to HTML: long option tables, section index links
