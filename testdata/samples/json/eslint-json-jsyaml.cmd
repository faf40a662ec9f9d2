cd /tmp/views-lint && eslint --no-eslintrc -c .eslintrc.json -f json js-yaml
# exit status: 1
# eslint 8 from npm; js-yaml/ is a copy of js-yaml 4 lib/; rules: eqeqeq, no-var, prefer-const, curly, no-plusplus warn; no-shadow, no-use-before-define, no-prototype-builtins error
