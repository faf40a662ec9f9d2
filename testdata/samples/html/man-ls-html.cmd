man -Thtml ls 2>/dev/null
# exit status: 0
