cd /tmp/qa2/ll && g++ -g -O0 -pthread workers.cpp -o workers && lldb --batch -o run -o 'thread backtrace all' -o 'thread select 5' -o 'frame select 8' -o 'frame variable' ./workers 2>&1
# exit status: 0
# five threads, three idle on a condition variable; the pricing thread's std::map::at("plum") throws, terminate -> SIGABRT; all backtraces and the throwing frame's variables
