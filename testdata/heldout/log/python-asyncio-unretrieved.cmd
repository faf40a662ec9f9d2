cd /tmp/qaloss/hunt/pyasync && python3 -X dev app.py 2>&1
# exit status: 0
