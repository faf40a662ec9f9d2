# cwd: /tmp/qa3/fx
iptables -L -n -v --line-numbers; iptables -S; iptables -A INPUT -p tcpx -j ACCEPT; iptables -D INPUT 999
# exit status 1
