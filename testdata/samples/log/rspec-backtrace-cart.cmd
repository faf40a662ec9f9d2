cd /tmp/qa/rspec && rspec --backtrace 2>&1
# exit status: 1
# same project, full backtraces
