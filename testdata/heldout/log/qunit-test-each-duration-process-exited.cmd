cd /tmp/qa2/qu/q2 && npx qunit test/ 2>&1
# exit status: 1
# QUnit 2.26.0 CLI, QUnit.test.each data-driven tests of a duration parser: 8 not ok (fractional, uppercase, weeks, ms, zero and
# bare numbers "Died on test", negative sign); the run ends early with "Error: Process exited before tests finished running"
