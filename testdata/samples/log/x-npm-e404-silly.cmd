npm install --loglevel=silly request@2.88.2 some-nonexistent-pkg-xyz-123 2>&1
# exit status: 1
