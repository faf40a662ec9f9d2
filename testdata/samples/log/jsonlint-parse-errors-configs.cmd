cd /tmp/qa2/jl1 && (st=0; for f in *.json; do /tmp/qa2/npm4/node_modules/.bin/jsonlint -q "$f" || st=1; done; exit $st) 2>&1
# exit status: 1
# jsonlint 1.6.3 (npm) over six config files, five broken: single-quoted keys, trailing comma + NaN, missing comma,
# trailing comma before }, // comment; each failure prints the parse error then a node stack trace
