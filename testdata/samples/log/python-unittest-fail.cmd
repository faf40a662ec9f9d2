cd /tmp/pyproj && python3 -m unittest -v test_inventory
# exit status: 1
