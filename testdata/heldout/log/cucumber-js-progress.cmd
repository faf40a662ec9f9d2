cd /tmp/qa/npm && npx cucumber-js --format progress 2>&1
# exit status: 1
# the behave cart feature with JavaScript step definitions
