cd /tmp/qa2/iv1 && iverilog -Wall -o top.vvp top.v alu.v uart_tx.v regfile.v counter.v 2>&1
# exit status: 11
# Icarus Verilog 11 on a small SoC: unknown ports ovf and load, undeclared parity/raddr3/step/taps, a wire assigned in always,
# a memory driven by assign, out-of-range bit selects and implicit wires
