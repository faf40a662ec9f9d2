cd /tmp/qroute/hunt/scm && guile --no-auto-compile queue.scm
# exit status: 1
# queue.scm: dequeues two more items than it enqueued (car of empty list)
