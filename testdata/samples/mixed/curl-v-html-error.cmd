cd /tmp/smp/http && curl -v http://127.0.0.1:$(cat port)/checkout 2>&1
# exit status: 0
# server: srv.py; send_error HTML page
