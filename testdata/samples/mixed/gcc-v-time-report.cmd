# cwd: /tmp/qa4/fx/c (gcc 12.2 from Debian; -v prints the driver's settings, include search path and the cc1 and as command lines, -ftime-report the time each compiler phase took, on stderr between them)
gcc -v -ftime-report -O2 -c prof.c -o /tmp/qa4/fx/c/prof_tr.o
# exit status 0
