cd /tmp/xs/npm4 && rg -n "isArray" node_modules/lodash/dist node_modules/ajv/lib node_modules/semver node_modules/uri-js/dist/es5/uri.all.min.js
# exit status: 0
# setup: npm install request@2.88.2 gulp@3.9.1; includes minified lines over 1000 chars
