cd /tmp/views-gor && GOTRACEBACK=all ./gor
# exit status: 2
# a Go program (30 workers on one mutex, 12 channel receivers, 5 WaitGroup waiters, a listener, a select{}) that panics on a nil map
