cd /tmp/smp/pyt2 && python3 -m pytest -v -rA -p no:cacheprovider
# exit status: 1
