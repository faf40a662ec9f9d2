lsof -p $PID   # a python3 holding a listening socket and an open file
# exit status: 0
