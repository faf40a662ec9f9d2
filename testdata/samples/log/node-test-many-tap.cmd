cd /tmp/kq/proj/nodet && node --test 2>&1
# exit status: 1
# setup: math.test.mjs with node:test and node:assert/strict: describe('math') with 25 passing tests, a failing
# deepEqual, a thrown TypeError, a rejected promise and one skip
