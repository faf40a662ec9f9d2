cd /tmp/views-gor && GOTRACEBACK=system ./gor wait & sleep 1; kill -QUIT $!
# exit status: 2
# the same program, dumped by SIGQUIT with runtime goroutines shown
