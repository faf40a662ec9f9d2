cd /tmp/xs/pyt && python3 -m pytest -v 2>&1
# exit status: 1
# setup: Debian python3-pytest 7.2.1; test_calc.py with 60 passing parametrized cases, 5 failures (ZeroDivisionError, ValueError twice with a nested frame, KeyError, dict AssertionError), 1 skip
