cd /tmp/smp/js && /tmp/npmtools/node_modules/.bin/eslint -f compact src/util
# exit status: 1
# eslint v8.57.1, the same project as eslint-stylish-big, compact formatter
