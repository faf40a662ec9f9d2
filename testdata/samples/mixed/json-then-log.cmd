cd /tmp/npmt2 && cat package.json && npm install --no-fund --no-audit --loglevel http kompress-nope-000
# exit status: 1
