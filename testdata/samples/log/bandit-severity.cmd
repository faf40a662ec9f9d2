cd /tmp/qfail/bandit && bandit -r app 2>&1
# exit status: 1
