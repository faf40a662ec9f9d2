# cwd: /tmp/qasize-gql (graphql-js 16 from npm, a schema of repositories and CI runs written for this sample; one runs resolver throws, one non-null owner resolves null inside a nullable list; repos.js prints the result as JSON.stringify(result, null, 2))
node repos.js '{ repos(first: 14) { name owner stars archived runs(last: 3) { number branch conclusion durationSec } } gone: repo(name: "svc-old") { name } }'
# exit status 0
