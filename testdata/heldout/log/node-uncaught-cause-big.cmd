cd /tmp/qaloss/hunt/node && node big.js 2>&1
# exit status: 1
