# cwd: /tmp/qa3/npmp
npx eslint -f tap src
# exit status 1
