cd /tmp/qfail/h/esb && NO_COLOR=1 node_modules/.bin/esbuild web/index.jsx --bundle --outfile=out/app.js 2>&1
# exit status: 1
