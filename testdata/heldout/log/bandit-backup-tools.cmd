cd /tmp/qfail/h/ban && bandit -r tools 2>&1
# exit status: 1
