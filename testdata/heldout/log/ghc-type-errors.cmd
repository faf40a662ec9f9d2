cd /tmp/qroute/hunt/hs && ghc -fno-code Inventory.hs
# exit status: 1
# Inventory.hs: a small inventory program with type errors (String for Int, Double for Int, ++ on Double and Int, print without Show)
