cd /tmp/qa2/alx1 && /tmp/qa2/npm4/node_modules/.bin/alex docs 2>&1
# exit status: 1
# alex 11.0.1 (npm) on docs/CONTRIBUTING.md and docs/README.md full of gendered, ableist and master/slave wording -> 34 warnings,
# exit 1 on warnings
# findings: below error level
