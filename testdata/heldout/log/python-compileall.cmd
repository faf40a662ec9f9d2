# cwd: /tmp/qa3/fx/py (pkg/ with 25 valid modules and bad1..bad4.py: a syntax error, an unexpected indent, a Python 2 print, mixed tabs and spaces)
python3 -m compileall -f pkg
# exit status 1
