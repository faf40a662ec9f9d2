cd /tmp/smp/sq && sqlite3 -csv -header shop.db 'SELECT id, name, category, price, stock FROM products LIMIT 60' | awk -F, 'BEGIN{OFS=","} NR==1{print "\033[1m" $0 "\033[0m"; next} {$1="\033[36m" $1 "\033[0m"; if ($NF==0) $NF="\033[1;31m" $NF "\033[0m"; print}'
# exit status: 0
# header bold, ids cyan, zero stock bold red (awk)
