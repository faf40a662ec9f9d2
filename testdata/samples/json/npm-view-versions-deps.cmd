cd /tmp/qasize-gql && npm view --json 'express@>=4.17 <4.20' name version dependencies
# exit status: 0
# registry lookup (npm 10); the versions of one package with their dependencies
