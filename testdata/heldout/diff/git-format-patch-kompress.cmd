cd /work/main && git format-patch --stdout -2 f030825
# exit status: 0
# this repository
