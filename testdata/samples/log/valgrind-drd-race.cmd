cd /tmp/qa/c && gcc -g -O0 -pthread race.c -o race && valgrind --tool=drd ./race 2>&1
# exit status: 0
# race.c: three threads update a global struct, locking only every tenth call (race.c:25 is the unlocked path)
