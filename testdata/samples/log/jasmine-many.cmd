# cwd: /tmp/qa4/npmp (jasmine 7 from npm; spec2/many.spec.js: 40 float-rounding specs, 20 failing, and 6 JSON.parse specs that throw)
npx jasmine --no-color --config=spec2/support/jasmine.json --random=false
# exit status 3
