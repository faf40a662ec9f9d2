git branch -v   # in a repository with several worktrees (+ marks a branch checked out elsewhere)
# exit status: 0
