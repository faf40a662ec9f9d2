cd /tmp/qfail/h/pt && /usr/bin/python3 -m pytest -p no:cacheprovider --tb=long 2>&1
# exit status: 1
