df -h / /dev /dev/shm /sys/fs/cgroup
# exit status: 0
