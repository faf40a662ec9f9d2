python3 worker.py 2>&1   # JSON-lines logging formatter, job worker with failing jobs (exc_info)
# exit status: 0
