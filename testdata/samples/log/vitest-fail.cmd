cd /tmp/qa2/npmp && NO_COLOR=1 CI=1 /tmp/qa2/npmp/node_modules/.bin/vitest run tests --reporter=verbose 2>&1
