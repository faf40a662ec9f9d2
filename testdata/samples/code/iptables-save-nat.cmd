iptables -t nat -N KQ; for p in 80 443 8443; do iptables -t nat -A KQ -p tcp --dport $p -j REDIRECT --to-ports 3128; done; iptables -N KQF; iptables -A KQF -s 10.0.0.0/8 -j ACCEPT; iptables -A KQF -m state --state ESTABLISHED,RELATED -j ACCEPT; iptables -A KQF -p udp --dport 53 -j ACCEPT; iptables -A KQF -j LOG --log-prefix "kq-drop: "; iptables -A KQF -j REJECT; iptables-save
# exit status: 0
