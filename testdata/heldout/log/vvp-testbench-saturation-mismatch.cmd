cd /tmp/qa2/iv2 && { iverilog -g2012 -Wall -o tb.vvp tb.v sat_add.v && vvp -n tb.vvp; } 2>&1
# exit status: 1
# Icarus Verilog 11: compile and simulate a saturating signed adder whose negative clamp is -127 instead of -128
# and whose 9-bit sum overflows; the testbench prints ok/ERROR per vector and ends with $fatal
