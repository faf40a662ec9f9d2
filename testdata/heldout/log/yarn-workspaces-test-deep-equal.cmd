cd /tmp/qa2/yarn2 && /tmp/qa2/yarntool/node_modules/.bin/yarn workspaces run test 2>&1
# exit status: 1
# yarn 1.22.22 workspaces monorepo; packages/cli/test.js parseArgs keeps numbers as strings and splits --name=a=b wrongly,
# assert.deepStrictEqual fails and yarn stops the workspace run
