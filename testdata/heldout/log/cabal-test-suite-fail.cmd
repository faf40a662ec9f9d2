cd /tmp/qa2/cab/ledger && cabal --config-file=/tmp/qa2/cab/config test 2>&1
# exit status: 1
# same package after the type errors were fixed, with an exitcode-stdio-1.0 test suite: -Wall warnings while building, then 3 of 6 hand-rolled checks FAIL (float sum, wrong top-2, report order)
