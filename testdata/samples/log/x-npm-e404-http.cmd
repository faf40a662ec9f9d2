npm install --loglevel=http request@2.88.2 left-pad@1.3.0 some-nonexistent-pkg-xyz-123 2>&1
# exit status: 1
