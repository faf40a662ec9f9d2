cd /tmp/qroute/hunt/lint && bandit -q inv.py inv1.py inv2.py
# exit status: 1
