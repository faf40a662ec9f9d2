# cwd: /tmp/qfail/esb (esbuild 0.24.2 from npm; src/app.ts imports view.ts with a duplicate export, api.ts importing a missing ./retry, a JSON config with a trailing comma)
NO_COLOR=1 node_modules/.bin/esbuild src/app.ts --bundle --outfile=dist/app.js 2>&1
# exit status: 1
