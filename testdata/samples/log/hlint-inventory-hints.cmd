cd /tmp/qa2/hl && hlint Inventory.hs 2>&1
# exit status: 1
# hlint 3.3.6 on one Haskell module with lambdas, an if returning True/False, == True, length > 0, case-for-maybe: 6 warnings, 6 suggestions, no errors
# findings: below error level
