# cwd: /tmp/qa4/fx/c (valgrind 3.19 from Debian; massif.out from valgrind --tool=massif --massif-out-file=massif.out ./prof 20000, the program of perf-report-stdio)
ms_print massif.out
# exit status 0
