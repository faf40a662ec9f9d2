cd /tmp/qa2/sol1 && /tmp/qa2/npm4/node_modules/.bin/solcjs --bin --base-path . -o build contracts/Vault.sol contracts/Staking.sol 2>&1
# exit status: 1
# solc-js 0.8.37: wrong event arg count, return count/type mismatches, implicit uint256->uint128/uint64 narrowing, assignment
# to a constant; plus deprecation warnings for transfer/send
