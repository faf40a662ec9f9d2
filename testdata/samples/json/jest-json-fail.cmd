cd /tmp/jl/jestp && npx jest --json 2>/dev/null
# exit status: 1
# jest 30 --json on a small cart module: 23 tests, 3 failing (toBe, toEqual, a TypeError); stdout only
