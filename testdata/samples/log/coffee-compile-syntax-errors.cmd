cd /tmp/qa2/cof2 && (st=0; for f in src/*.coffee; do /tmp/qa2/npm4/node_modules/.bin/coffee -c -o lib "$f" || st=1; done; exit $st) 2>&1
# exit status: 1
# CoffeeScript 2.7.1 compiling 15 small files one by one (coffee -c stops at a file's first error): bad indentation, broken
# interpolation, duplicate params, missing } and ", this before super, octal literal, assigning to default
