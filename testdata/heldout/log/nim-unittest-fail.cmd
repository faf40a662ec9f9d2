# cwd: /tmp/qa5/fx/nim (Nim 1.6.10 std/unittest; tcart.nim: 2 check failures, a KeyError and a ValueError, 10 passing loop tests)
nim c --hints:off -r tcart.nim
# exit status 1
