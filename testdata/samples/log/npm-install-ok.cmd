cd /tmp/npmt && npm install --no-fund left-pad@1.3.0 is-odd@3.0.1 2>&1; npm ls --all
# exit status: 0
