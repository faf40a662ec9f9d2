cd /tmp/xs/js && npx jest --verbose 2>&1
# exit status: 1
# setup: jest@29; src/math.test.js (30 passing adds, 4 failing tests: toBe NaN, toEqual object diff, not.toThrow, thrown TypeError), 8 passing suites of 26 tests, src/broken.test.js with a syntax error
