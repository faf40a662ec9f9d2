cd /tmp/qaroute2/perl && for f in inventory.pl report.pl orders.pl; do perl -c $f; done 2>&1; perl ledger.pl 2>&1
# exit status: 2
