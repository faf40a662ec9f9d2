cd /tmp/qa2/cab/ledger && cabal --config-file=/tmp/qa2/cab/config build 2>&1
# exit status: 1
# cabal-install 3.4.1 / GHC 9.0.2, no package repository (offline): library module Ledger.Report has two type errors (String where Text expected, Int in a Text list)
