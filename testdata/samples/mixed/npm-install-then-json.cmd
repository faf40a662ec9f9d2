cd /tmp/npmt3 && npm install --no-fund --no-audit --loglevel http is-odd@3.0.1 && npm view is-odd@3.0.1 --json
# exit status: 0
# fresh npm project in /tmp/npmt3 (npm init -y)
