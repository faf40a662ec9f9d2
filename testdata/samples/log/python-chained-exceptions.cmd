cd /tmp/smp/py && python3 chain.py
# exit status: 1
