ps -eo pid,comm,etime --no-headers | awk 'BEGIN{printf "%-40s %-7s %-18s %-9s %s\n","NAME","READY","STATUS","RESTARTS","AGE"} {st="Running"; if ($1%11==5) st="CrashLoopBackOff"; else if ($1%13==7) st="Error"; printf "%-40s %-7s %-18s %-9s %s\n", $2"-"$1"-7f9c"$1, "1/1", st, ($1%7==0)?3:0, $3}' | grep -v -e line_io_tools -e awk
# exit status: 0
# a kubectl get pods-like table made from real process data; names like kworker/R-sync_-5-7f9c5 read as grep -C context lines
