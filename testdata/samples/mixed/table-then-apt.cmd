df -h / /dev /dev/shm; echo; apt-get install -y kompress-nonexistent-pkg tree
# exit status: 100
