# cwd: /tmp/wp (webpack 5.113.0, webpack-cli 5 from npm; webpack.config.cjs: production, cache off, one entry per ./src/*.js (22), output [name].[contenthash:8].js; src/broken.js imports a missing ./missing.js, src/syntax.js has a syntax error)
npx webpack -c webpack.config.cjs --stats-assets-space 200 --stats-modules-space 200 2>&1
# exit status: 1
