cd /tmp/xs/pyq && /usr/bin/python3 -m pytest --tb=short -q tests/test_cart.py tests/test_report.py 2>&1
# exit status: 1
# setup: same project and failures as pytest-long, short tracebacks ("path:N: in func" entries), quiet
