# cwd: /tmp/qa4/fx/c (perf 6.1.187 from Debian; prof.c: a hash table filled 20000 times, an insertion sort of 4000 ints and a 1 MB memset, built with gcc -O1 -g; its stdout line comes first)
perf record -g -o perf.data ./prof 20000 && perf report --stdio -i perf.data
# exit status 0
