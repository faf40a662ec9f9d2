cd /tmp/qa2/tl2 && /tmp/qa2/npm4/node_modules/.bin/textlint --no-color --format unix ARCHITECTURE.md 2>&1
# exit status: 1
# textlint 15.8.0 --format unix with textlint-rule-write-good, terminology, no-todo on an architecture doc full of
# passive voice and weasel words -> 25 problems, all reported at Error severity
