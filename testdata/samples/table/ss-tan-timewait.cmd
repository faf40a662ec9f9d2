ss -tan
# exit status: 0
# loopback connections of test runs on this machine in TIME-WAIT, and the listeners (postgres, a python http.server, the sandbox)
