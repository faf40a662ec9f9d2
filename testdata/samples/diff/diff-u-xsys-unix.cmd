cd /root/go/pkg/mod/golang.org/x && diff -u sys@v0.48.0/unix/syscall_linux.go sys@v0.50.0/unix/syscall_linux.go
# exit status: 1
