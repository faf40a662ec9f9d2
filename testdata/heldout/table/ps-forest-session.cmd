ps --forest -o pid,ppid,user,stat,rss,vsz,etime,cmd -s $$   # inside a bash session running sleeps and a python3 child
# exit status: 0
