cd /tmp/qaloss/hunt/tcl && tclsh big.tcl 2>&1
# exit status: 1
