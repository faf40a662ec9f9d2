cd /tmp/smp/http && curl -si http://127.0.0.1:$(cat port)/api/fail; echo; echo "exit status $?"
# exit status: 0
# server: srv.py
