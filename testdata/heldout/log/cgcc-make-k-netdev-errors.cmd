cd /tmp/qa2/sparse2 && make -k 2>&1
# exit status: 2
# make -k with CC=cgcc (sparse then gcc for each file): netdev.c has undefined identifiers, wrong members, bad call arity,
# timer.c has an off-by-one loop, a noderef deref and a 32-bit shift; sparse and gcc report the same bugs twice, differently
