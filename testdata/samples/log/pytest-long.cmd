cd /tmp/xs/pyq && /usr/bin/python3 -m pytest tests/test_cart.py tests/test_report.py 2>&1
# exit status: 1
# setup: same project as pytest-collect-error; default --tb=long: a class with fixtures and parametrized cases,
# captured stdout and log sections, pytest.raises with the wrong type, a dict comparison, an xpass, and a
# 20-line test function quoted whole
