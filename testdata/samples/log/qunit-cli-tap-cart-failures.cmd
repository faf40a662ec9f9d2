cd /tmp/qa2/qu/q1 && npx qunit test/ 2>&1
# exit status: 1
# QUnit 2.26.0 CLI (npm) on Node 20, default TAP reporter: a shopping Cart with 6 of 7 tests failing (count vs qty, inverted
# filter, NaN default price, uncaught Error "Died on test #2", toFixed rounding in a deepEqual of objects, async assert.true)
