# cwd: /tmp/qa3/fx/py
python3 -W always warn.py
# exit status 1
