cd /tmp/gomod && cd /work/main && go list -m -json all 2>/dev/null | head -c 150000
# exit status: 0
# module list of the kompress repo (concatenated JSON objects), head -c 150000
