cd /tmp/pyproj && python3 inventory.py
# exit status: 1
