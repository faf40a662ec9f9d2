ps -eo pid,user,lstart,etime,stat,cmd | grep -E '^ +PID|\[|postgres|sleep 300|http.server' | grep -v grep
# exit status: 0
# kernel threads, postgres, and a sleep and python3 http.server started beforehand; other processes of this shared machine filtered out
