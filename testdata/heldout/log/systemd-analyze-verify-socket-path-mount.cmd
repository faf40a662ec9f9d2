cd /tmp/qa2/sd2 && systemd-analyze verify ./metrics.socket ./metrics@worker1.service ./spool.path ./data.mount 2>&1
# exit status: 1
# systemd 252: a socket with port 99999 and bad Accept=/Backlog=/SocketMode=, a template service with bad quota, signal, relative WorkingDirectory=,
# a path unit with a relative path and a mount unit whose Where= does not match its name
