cd /work/wt-failcore && git format-patch --stdout -4 83a5cb8 -- router/log.go
# exit status: 0
# a four-patch series from this repository's history (patch 2 has a long unindented message)
