dmesg
# exit status: 0
# the kernel ring buffer of this sandbox VM (345 lines, uptime timestamps)
