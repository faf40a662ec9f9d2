cd /work/wt-failcore && git blame 201076a -- internal/failure/failure.go
# exit status: 0
