cd /tmp/smp/gop && GOTRACEBACK=all go run . 2>&1
# exit status: 1
# about 50 goroutines blocked on channels, a mutex and a WaitGroup
