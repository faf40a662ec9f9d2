cd /tmp/qfail/f90 && gfortran -Wall -Wextra -Wconversion -c grid.f90 io.f90 solver.f90 2>&1
# exit status: 1
