cd /tmp/qroute/hunt/ac && ./configure
# exit status: 1
# configure script from autoconf; a required library is missing
