cd /tmp/xs/pyq && /usr/bin/python3 -m pytest 2>&1
# exit status: 2
# setup: Debian python3-pytest 7.2.1; shop.py (Cart), tests/conftest.py (cart fixture), tests/test_cart.py,
# tests/test_report.py, tests/test_broken.py importing a name shop.py does not define: collection is interrupted
