cd /tmp/drepo && git diff --stat && git diff
# exit status: 0
# same /tmp/drepo repo, two more edits to command.go and args.go
