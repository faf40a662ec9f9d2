cd /tmp/smp/http && curl -v http://127.0.0.1:$(cat port)/api/users?page=1 2>&1
# exit status: 0
# server: srv.py (python http.server on 127.0.0.1, port 0 written to ./port); -v headers on stderr merged with the JSON body
