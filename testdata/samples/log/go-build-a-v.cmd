go build -a -v -o /dev/null ./fold 2>&1
# exit status: 0
