cd /tmp/qfail/h/f && gfortran -std=f2008 -Wall heat.f90 -o heat 2>&1
# exit status: 1
