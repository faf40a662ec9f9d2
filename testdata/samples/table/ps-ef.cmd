ps -ef | grep -v -e line_io_tools -e 'bash /dev/fd' -e 'grep -v'
# exit status: 0
# machinery processes filtered out
