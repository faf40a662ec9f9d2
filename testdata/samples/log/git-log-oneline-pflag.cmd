git log --oneline --decorate -n 200
# exit status: 0
# in a clone of github.com/spf13/pflag
