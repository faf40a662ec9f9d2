cd /tmp/drepo && git diff HEAD
# exit status: 0
# setup: cobra v1.10.2 copied from the module cache into /tmp/drepo, git init + commit, then edits: Name() guard added, EnableCommandSorting flipped, 5 README lines removed, args.go appended, doc/util.go deleted, newfile.go added
