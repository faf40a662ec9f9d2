# cwd: /tmp/qa5/fx/net (openssl s_server -www on 127.0.0.1:42147 with a self-signed cert for kompress.test; curl 7.88.1)
curl -v -k https://127.0.0.1:42147/ -o /dev/null -w '%{http_code} %{ssl_verify_result}\n'
# exit status 0
