cd /tmp/views-lint && eslint --no-eslintrc -c .eslintrc.json -f json js-yaml | head -c 60000
# exit status: 0 (head); eslint exited 1
# the eslint-json-jsyaml run cut off mid-value, as a tool output limit cuts it
