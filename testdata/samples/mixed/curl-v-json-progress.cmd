cd /tmp/fc2c && python3 -m http.server 0 --bind 127.0.0.1 & curl -v http://127.0.0.1:$PORT/packages.json > curl-v.txt 2>&1
# exit status: 0
# packages.json: 350 generated package records, pretty-printed (62573 bytes); no -s, so the
# progress meter and "* Closing connection 0" land inside the body where stdout was flushed
