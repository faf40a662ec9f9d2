cd /tmp/qafix/moc && mocha --no-colors 2>&1   # mocha 12.0.3, test/ledger.spec.js: nested describes, deepStrictEqual on objects and arrays
# exit status: 4
