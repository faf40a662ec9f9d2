# cwd: /tmp/qaroute2/nim (Nim 1.6.10 std/unittest, apt; own tinv.nim: 2 check failures, a KeyError, 9 passing tests)
nim c --hints:off -r tinv.nim 2>&1
# exit status 1
