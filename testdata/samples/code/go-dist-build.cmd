cat /usr/local/go/src/cmd/dist/build.go | head -c 60000
# exit status: 0
# head -c 60000
