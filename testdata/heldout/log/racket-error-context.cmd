cd /tmp/qroute/hunt/rkt && racket ledger.rkt
# exit status: 1
# ledger.rkt: deposits into 29 accounts, then a withdrawal over the balance raises error
