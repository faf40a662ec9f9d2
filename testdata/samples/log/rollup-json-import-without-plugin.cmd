cd /tmp/qa2/rl && NO_COLOR=1 npx rollup src/main.js --file dist/bundle.js --format es 2>&1
# exit status: 1
# rollup 4.69.1 (npm): bare import of lodash-es (not installed, warning), import of config.json without @rollup/plugin-json: parse error with code frame, stack and [cause]
