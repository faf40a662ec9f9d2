MANWIDTH=80 man git-commit 2>/dev/null | col -b | head -c 80000
# exit status: 0
# head -c 80000
