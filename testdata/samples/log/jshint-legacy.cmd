cd /tmp/qa/npm && npx jshint js/ 2>&1
# exit status: 2
# js/legacy.js: old-style code; .jshintrc with undef, unused, eqeqeq
