cd /tmp/xs/pyt && python3 -m pytest 2>&1
# exit status: 1
# setup: same as x-pytest-v
