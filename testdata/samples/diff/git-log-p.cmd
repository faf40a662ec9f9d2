cd /tmp/drepo && git log -p -2
# exit status: 0
# same /tmp/drepo repo as git-diff.cmd, after committing the git-diff-stat edits (the two newest commits)
