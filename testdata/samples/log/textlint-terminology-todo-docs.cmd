cd /tmp/qa2/tl1 && /tmp/qa2/npm4/node_modules/.bin/textlint --no-color docs 2>&1
# exit status: 1
# textlint 15.8.0 with no-todo, terminology, max-comma, sentence-length, en-capitalization on two markdown docs ->
# 23 errors (15 fixable), stylish formatter with two-line messages
