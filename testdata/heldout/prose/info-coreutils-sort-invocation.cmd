cd /tmp/qa2/inf && info -o - coreutils 'sort invocation' 2>&1
# exit status: 0
# GNU texinfo 6.8 info reader, coreutils 9.1 manual node 'sort invocation' (option list with long descriptions, examples)
