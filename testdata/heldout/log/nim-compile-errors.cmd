cd /tmp/qaloss/hunt/nim && nim c --hints:off bad.nim 2>&1
# exit status: 1
