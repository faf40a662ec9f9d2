cd /tmp/qa2/vl2 && verilator --lint-only -Wall uart_tx.sv 2>&1
# exit status: 1
# Verilator 5.006 -Wall lint of a UART transmitter: warnings only (4 WIDTH, one of them the real bug: an 8-bit counter
# compared with CLKS_PER_BIT-1 = 433; 4 UNUSEDSIGNAL); Verilator makes warnings fatal, "%Error: Exiting due to 8 warning(s)", exit 1
