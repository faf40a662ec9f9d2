cd /tmp/qaloss/hunt/cg && cg_annotate cg.out 2>&1
# exit status: 0
