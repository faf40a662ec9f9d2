cd /tmp/npmt && npm install --no-fund --no-audit is-odd@3.0.1 && npm view is-odd@3.0.1 --json
# exit status: 0
