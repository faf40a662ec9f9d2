cd /tmp/qaroute/curl && python3 slow.py port products.json & curl http://127.0.0.1:$PORT/products.json > curl-json-progress.txt 2>&1
# exit status: 0
# slow.py serves products.json (159 generated records, 27017 bytes) in 4 KB chunks 0.45 s apart; no -s, so the
# progress meter lands inside the body, its first row glued to the opening brace
