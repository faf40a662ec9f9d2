cd /tmp/qaroute/fpc && fpc -vewnh inventory.pas 2>&1
# exit status: 1
# inventory.pas: a misspelt identifier, a string assigned to an Integer field, a missing semicolon (Free Pascal 3.2.2)
