cd /tmp/qa/npm && npx sass --no-color --no-source-map styles:out 2>&1
# exit status: 65
# six .scss files, each with one compile error plus deprecated global functions
