cd /tmp/kq/proj/nodet && node --test --test-reporter=spec 2>&1
# exit status: 1
# setup: same project as node-test-many-tap, spec reporter (no colour: stdout is not a terminal)
