cd /tmp/qa2/gh2 && ghdl -a --std=08 crc8.vhd tb_crc8.vhd && ghdl -e --std=08 tb_crc8 && ghdl -r --std=08 tb_crc8 2>&1
# exit status: 1
# GHDL 2.0.0 simulation of a CRC-8 testbench: per-byte report notes, 7 "(report error)" mismatches (wrong intermediate
# expected table), final "(assertion failure): 7 mismatches", "simulation failed"
