# cwd: /tmp/qa5/fx/py (bigdoc.py: 120 functions with two doctest examples each, sq37 and sq88 expecting n*n+1; Python 3.11)
python3 -m doctest -v bigdoc.py
# exit status 1
