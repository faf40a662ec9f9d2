cd /tmp/smp/py && python3 eg.py
# exit status: 1
