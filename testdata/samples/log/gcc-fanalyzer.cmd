# cwd: /tmp/qa5/fx/c (an.c: a possibly-NULL strcpy, a leaked FILE, a double free across a call, a use after free; Debian gcc 12)
gcc -fanalyzer -c an.c -o /dev/null
# exit status 0
