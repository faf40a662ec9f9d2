cd /usr/local/go/src && go list -json net/http net/url encoding/json | head -c 200000
# exit status: 0
# head -c 200000; concatenated JSON values
