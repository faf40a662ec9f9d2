cd /work/main && go mod edit -json
# exit status: 0
