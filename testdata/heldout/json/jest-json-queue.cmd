cd /tmp/jr/hj && npx jest --json 2>/dev/null
# exit status: 1
# jest 30 --json on a small queue module (a project other than the sample's): 17 tests, 3 failing (a RangeError thrown from src, an async toEqual, a JSON.parse SyntaxError through src), 1 skipped; stdout only
