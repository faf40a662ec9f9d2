cd /tmp/qaroute/tape && node slug.test.js 2>&1
# exit status: 1
# slug.test.js: tape tests of slugify and parseQuery, 3 failing (tape from npm)
