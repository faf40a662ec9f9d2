cd /tmp/qaroute/nim && nim c --hints:on ledger.nim 2>&1
# exit status: 1
# ledger.nim: int + string in report (Nim 1.6)
