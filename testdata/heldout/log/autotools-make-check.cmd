# cwd: /tmp/qa3/fx/at (an automake project, TESTS = 4 C programs + skip.sh + xfail.sh; t_div fails an assert, t_parse exits 1; after autoreconf -fi && ./configure && make)
make check
# exit status 2
