man -Thtml tar 2>/dev/null | head -c 80000
# exit status: 0
# head -c 80000
