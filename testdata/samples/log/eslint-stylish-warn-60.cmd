cd /tmp/qaloss/js2 && /tmp/qaloss/npmtools/node_modules/.bin/eslint src  # eslint 8, 60 files src/mod1.js … mod60.js alike; .eslintrc.json: no-console, no-unused-vars, eqeqeq, prefer-const warn; no-var error
# exit status: 1
