cd /tmp/my/vhdl && ghdl -a counter.vhd tb_counter.vhd && ghdl -e tb_counter && ghdl -r tb_counter --stop-time=200ns 2>&1
# exit status: 1
# GHDL 2.0 (mcode) simulation of a 4-bit counter that counts by 2: a testbench reports each cycle (note), each mismatch (error), a range warning and a final assertion failure
