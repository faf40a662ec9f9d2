# cwd: /tmp/qa5/fx/c (race.c: 4 threads bump a global unlocked and take two mutexes in opposite orders; gcc -g -O0 -pthread)
valgrind --tool=helgrind ./race
# exit status 0
