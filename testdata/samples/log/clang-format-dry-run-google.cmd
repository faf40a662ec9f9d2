# cwd: /tmp/t2 (Debian clang-format 14.0.6; w.c: a copy of onnxruntime_go v1.27.0's onnxruntime_wrapper.c)
clang-format --dry-run --style=Google w.c 2>&1
# exit status: 0
