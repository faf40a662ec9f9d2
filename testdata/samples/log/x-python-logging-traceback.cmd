python3 py/app.py 2>&1
# exit status: 1
# setup: app logs 120 INFO lines and a WARNING every 25 items, then ZeroDivisionError re-raised as RuntimeError (chained traceback)
