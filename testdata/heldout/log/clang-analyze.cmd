cd /tmp/qaloss/hunt/analyze && clang --analyze -Xanalyzer -analyzer-output=text a.c 2>&1
# exit status: 0
