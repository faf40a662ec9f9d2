cd /usr/local/go/src && go test -v -count=1 strings 2>&1 | head -c 200000
# exit status: 0
# truncated to 200000 bytes with head -c
