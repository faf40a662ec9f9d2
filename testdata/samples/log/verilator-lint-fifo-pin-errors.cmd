cd /tmp/qa2/vl1 && verilator --lint-only -Wall --top-module top fifo.sv 2>&1
# exit status: 1
# Verilator 5.006 lint of a SystemVerilog FIFO and its top: errors (undeclared variables in always blocks, instance pin that
# does not exist) and warnings (DECLFILENAME, PINCONNECTEMPTY, IMPLICIT net)
