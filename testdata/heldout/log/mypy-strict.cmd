cd /tmp/qa/p/py && /usr/bin/python3 -m mypy --strict --cache-dir=/tmp/qa/mypycache inv test_core.py pylintbase 2>&1   # pylintbase: copy of Debian's pylint/checkers/base
# exit status: 1
