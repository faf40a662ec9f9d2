git log --format='%h %<(20,trunc)%an %ad %s' --date=short -n 250
# exit status: 0
# in a clone of github.com/spf13/pflag
