# cwd: /tmp/qa3/fx/cs/run
mcs -debug P.cs && mono --debug P.exe
# exit status 1
