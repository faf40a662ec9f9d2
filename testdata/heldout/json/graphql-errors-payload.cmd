# cwd: /tmp/qa4/npmp (graphql-js 16 from npm executing a query against a small schema: a non-null field resolving null for one user and a resolver that throws; gql.js prints the result as JSON.stringify(result, null, 2))
node gql.js "{ users { id name email orders(limit: 4) { id total status items } } missing: user(id: \"99\") { id } }"
# exit status 0
