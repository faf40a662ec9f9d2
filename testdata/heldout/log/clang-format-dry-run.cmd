cd /tmp/qa/c && clang-format --dry-run --style=LLVM old.c stack.c race.c cfg.c 2>&1
# exit status: 0
# four small C files in K&R/GNU-ish style checked against LLVM style
