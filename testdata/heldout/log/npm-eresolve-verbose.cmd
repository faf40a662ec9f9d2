cd /tmp/qa/p/eres && npm install --no-fund --no-audit --loglevel verbose 2>&1   # react 17 vs react-dom 18 peer conflict
# exit status: 1
