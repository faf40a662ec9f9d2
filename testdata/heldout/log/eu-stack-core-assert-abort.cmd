cd /tmp/qa2/eu && (ulimit -c unlimited; ./parse); eu-stack -s -m -v --core=core --executable=./parse 2>&1
# exit status: 0
# core file of a program whose parse_line() assert fails on "tls on" (SIGABRT), with source lines (-s), module names (-m) and inline info (-v); a second thread in pause()
