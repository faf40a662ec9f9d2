cd /tmp/qa2/sol2 && /tmp/qa2/npm4/node_modules/.bin/solcjs --abi --base-path . -o build src/Auction.sol 2>&1
# exit status: 1
# solc-js 0.8.37: Auction.sol uses an undeclared state var, custom errors and an event never declared, a misspelled
# beneficiary and a typo'd local (amout) -> six DeclarationErrors
