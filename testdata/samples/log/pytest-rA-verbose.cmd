cd /tmp/smp/pyt && /usr/bin/python3 -m pytest -v -rA -p no:cacheprovider
# exit status: 1
