cd /tmp/qroute/hunt && iptables -N KOMP_TEST 2>/dev/null; for p in 22 80 443 5432 6379 8080 9090; do iptables -A KOMP_TEST -p tcp --dport $p -m comment --comment "allow $p" -j ACCEPT; done; iptables -A KOMP_TEST -j DROP; iptables-save; iptables -F KOMP_TEST; iptables -X KOMP_TEST
# exit status: 0
# a chain of 8 rules added for this sample, then removed
