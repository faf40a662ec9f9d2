# cwd: /tmp/qa5/fx/tcl (Tcl 8.6 tcltest; str.test: 40 passing pad tests, 4 failing, 1 skipped by constraint)
tclsh str.test
# exit status 0
