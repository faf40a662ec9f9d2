cd /tmp/smp/gj && go run . 2>&1
# exit status: 1
# pretty JSON on stdout, then go run prints "exit status 1"
