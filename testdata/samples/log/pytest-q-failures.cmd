cd /tmp/smp/pyt && /usr/bin/python3 -m pytest -q -p no:cacheprovider
# exit status: 1
