cd /tmp/qroute/hunt/lint && flake8 inv.py inv1.py inv2.py inv3.py inv4.py
# exit status: 1
