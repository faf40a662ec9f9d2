curl -v -sS -X POST -H 'Content-Type: application/json' --data '{"items":[{"sku":"a"},{"sku":"b"}]}' http://127.0.0.1:$PORT/v1/orders 2>&1   # local Python server answering 500 with a JSON error and traceback
# exit status: 0
