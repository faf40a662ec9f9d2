cat /usr/local/go/src/cmd/vendor/github.com/google/pprof/internal/driver/html/source.html
# exit status: 0
