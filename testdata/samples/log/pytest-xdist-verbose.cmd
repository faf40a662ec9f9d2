cd /tmp/qfail/xd && /usr/bin/python3 -m pytest -n 2 -p no:cacheprovider -v 2>&1
# exit status: 1
