cd /tmp/qaroute/pyl && pylint billing.py 2>&1
# exit status: 30
# billing.py: an invoice loader with a mutable default, a bare except, an undefined name (pylint from Debian 12 apt)
