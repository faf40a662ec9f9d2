# cwd: /tmp/qa4/fx/sc (SCons 4.4 from Debian, gcc 12 with -Wall -Wextra; 10 files with unused variables and parameters, one undeclared identifier, one missing header; -k keeps going)
scons -k -j1
# exit status 2
