cd /tmp/qaroute2/perl && perl carp.pl 2>&1
# exit status: 255
