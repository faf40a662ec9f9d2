cd /tmp/npmt2 && npm install --no-fund --no-audit --loglevel verbose express@4.21.2 2>&1 | head -c 150000
# exit status: 0
# truncated with head -c 150000
