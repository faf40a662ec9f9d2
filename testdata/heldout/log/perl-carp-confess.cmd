cd /tmp/qaroute/hunt && perl inv.pl 2>&1
# exit status: 255
# inv.pl: warn on low stock, Carp::confess on an unknown item (Perl 5.36)
