cd /usr/local/go/src && grep -rn 'Errorf' net/http/cookiejar net/http/httptest net/url
# exit status: 0
