cd /tmp/smp/py && python3 eg2.py
# exit status: 1
