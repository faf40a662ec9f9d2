cd /tmp/qa2/cob2 && cobc -x -debug inventory.cob && ./inventory 2>&1
# exit status: 1
# GnuCOBOL 3.1.2 -debug build; loop runs to 25 over an OCCURS 20 table, libcob aborts on subscript 21
