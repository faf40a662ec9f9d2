cd /tmp/qaloss/hunt/perl && for f in m*.pl; do perl -c $f; done 2>&1
# exit status: 255
