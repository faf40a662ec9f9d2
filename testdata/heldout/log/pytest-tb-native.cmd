cd /tmp/smp/pyt2 && /usr/bin/python3 -m pytest --tb=native -p no:cacheprovider
# exit status: 1
