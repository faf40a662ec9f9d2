# cwd: /tmp/pyt2 (Debian's python3-pytest 7.2.1; tests/test_inventory.py: 90 passing tests of distinct names, two failing assertions, one skipped with a reason)
/usr/bin/python3 -m pytest -v -p no:cacheprovider tests 2>&1
# exit status: 1
