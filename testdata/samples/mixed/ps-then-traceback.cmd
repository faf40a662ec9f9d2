ps -o pid,ppid,user,stat,comm -e | grep -v -e binary_backend | head -25; cd /tmp/pyproj && python3 inventory.py
# exit status: 1
# uses /tmp/pyproj (see log/python-traceback.cmd)
