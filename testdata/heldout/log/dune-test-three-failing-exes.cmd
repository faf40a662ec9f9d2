cd /tmp/qa2/dn2 && OCAMLRUNPARAM=b dune test 2>&1
# exit status: 1
# three (tests) executables for a cents library: an assert that fails, hand-rolled FAIL lines for split rounding, a format bug and an uncaught int_of_string Failure with backtrace
