cd /tmp/qaloss/hunt/tcl && tclsh app.tcl 2>&1
# exit status: 1
