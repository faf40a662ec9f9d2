cd /tmp/qaloss/hunt/gitm && git merge feature; git status; git diff 2>&1
# exit status: 0
