tclsh calc.tcl 2>&1   # tcl 8.6: 60 rows, a division by zero at row 40, three procedures deep
# exit status: 1
