cd /tmp/qa2/ll && g++ -g -O0 queue.cpp -o queue && lldb --batch -o run -k 'thread backtrace all' -k 'frame select 1' -k 'frame variable' -k 'frame select 2' -k 'frame variable' ./queue 2>&1
# exit status: 0
# lldb 14: a hand-written linked queue popped one time too many (null head_ dereferenced, SIGSEGV at queue.cpp:13), backtrace and frame variables of the callers
