cd /tmp/qa/pyq && pydocstyle . 2>&1
# exit status: 1
# billing.py and three renamed copies
