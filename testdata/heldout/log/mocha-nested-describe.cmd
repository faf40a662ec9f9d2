cd /tmp/qa/p/moc && mocha --no-colors 2>&1   # mocha 12
# exit status: 7
