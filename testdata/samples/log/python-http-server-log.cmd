# cwd: /tmp/qa3/fx/www (30 pages p1..p30.html)
python3 -m http.server 0 --bind 127.0.0.1  (stderr; then 400 curl GETs of p0..p36.html and 20 POSTs to /api/submit)
# killed after the requests
