cd /tmp/qaloss/hunt/perl && perl deep.pl 2>&1
# exit status: 2
