cd /tmp/xs/pylong && /usr/bin/python3 -m pytest 2>&1
# exit status: 1
# setup: Debian python3-pytest 7.2.1; test_long.py with one 75-line test function of if/raise checks that fails on
# its last check, so --tb=long quotes the whole function: the report is mostly Python source
