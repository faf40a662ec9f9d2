cd /tmp/qa2/isort1 && /usr/bin/python3 -m isort --check-only --diff app 2>&1
# exit status: 1
# isort 5.6.4 (Debian python3-isort) on a small Django app: views.py, tasks.py, utils.py have unsorted imports,
# comma-joined imports (import os, sys) and stdlib/third-party/local sections mixed
