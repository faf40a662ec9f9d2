dmesg -T | head -n 120
# exit status: 0
# the first 120 lines of the ring buffer with wall-clock timestamps
