cd /tmp/qa/p/c && clang -g -fsanitize=leak leak.c -o leak && ./leak 2>&1
# exit status: 23
