cd /tmp/qa2/gh1 && make -k 2>&1
# exit status: 2
# make -k over three VHDL-2008 files analysed with GHDL 2.0.0 (mcode): integer literal to unsigned, undeclared signals,
# missing case choices, string length mismatch with -Wruntime-error warnings, a missing ";" before end; three make Error 1 lines
