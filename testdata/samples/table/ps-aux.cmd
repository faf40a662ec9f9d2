ps aux | grep -v -e line_io_tools -e 'bash /dev/fd' -e 'grep -v'
# exit status: 0
# machinery processes of this sandbox filtered out; sleep, python3 http.server and node started beforehand
