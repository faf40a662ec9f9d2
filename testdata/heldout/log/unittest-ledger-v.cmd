cd /tmp/lsize-py && python3 -m unittest discover -v -s tests -t . 2>&1
# exit status: 1
# setup: Python 3 (pyenv); ledger.py (Ledger post/balance/dump/close), tests/test_ledger.py
