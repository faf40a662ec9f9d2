cd /tmp/qa/p/py && pylint inv test_core.py 2>&1
# exit status: 28
