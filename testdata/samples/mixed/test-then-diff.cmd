cd /tmp/gomod && go test -count=1 . ; cd /tmp/drepo && git diff HEAD~1
# exit status: 0
# go test of /tmp/gomod then git diff in /tmp/drepo (see diff/git-diff.cmd)
