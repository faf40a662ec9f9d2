cd /tmp/drepo && git show --stat -p HEAD
# exit status: 0
# same /tmp/drepo repo as git-diff.cmd, after committing the edits
