cd /tmp/smp/http && curl http://127.0.0.1:$(cat port)/api/users 2>&1 | cat
# exit status: 0
# server: srv.py; JSON body followed by the curl progress meter on stderr
