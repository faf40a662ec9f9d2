# cwd: /tmp/qa4/fx/sc (GNU Make 4.3 from Debian; Makefile.d: an "all" target needing a.o and b.o by a %.o: %.c pattern rule, with a.c present and b.c missing; -d prints the debug trace of every implicit rule tried)
make -d -f Makefile.d 2>&1 | head -c 2000000
# exit status 0
