cd /tmp/npmtools && npm view --json mocha@10 name version dependencies engines 2>&1; echo "exit status $?"
# exit status: 0
# registry lookup of one package this session installs
