cd /tmp/qroute/hunt/lint && pycodestyle --show-source inv.py inv1.py
# exit status: 1
