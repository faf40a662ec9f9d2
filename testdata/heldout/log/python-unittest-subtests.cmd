cd /tmp/qa/p/py && python3 -m unittest -v test_core 2>&1   # Python 3.11
# exit status: 1
