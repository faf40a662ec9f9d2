cd /tmp/jr/hv && npx vitest run --reporter=json 2>/dev/null
# exit status: 1
# vitest 4 json reporter on a small money module: 7 tests, 2 failing (a TypeError thrown from src, a toBe); stdout only
