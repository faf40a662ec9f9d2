# cwd: /tmp/qa4/fx/c (perf 6.1.187 from Debian; prof.c as for samples/table/perf-report-stdio, sampled at 2 kHz with call chains; head -c did not cut it)
perf record -q -F 2000 -g -o perf2.data ./prof 400000 >/dev/null && perf script -i perf2.data | head -c 1900000
# exit status 0
