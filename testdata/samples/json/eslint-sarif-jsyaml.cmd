cd /tmp/views-lint && eslint --no-eslintrc -c .eslintrc.json -f @microsoft/eslint-formatter-sarif js-yaml
# exit status: 1
# same lint run as eslint-json-jsyaml, SARIF 2.1.0 output
