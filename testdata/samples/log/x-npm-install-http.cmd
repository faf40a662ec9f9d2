npm install --loglevel=http request@2.88.2 uuid@3.4.0 har-validator@5.1.5 2>&1
# exit status: 0
