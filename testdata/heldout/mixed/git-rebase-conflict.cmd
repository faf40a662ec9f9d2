cd /tmp/qaloss/hunt/gitr && git rebase master; git status; git diff 2>&1
# exit status: 0
