# cwd: /tmp/qa3/fx/f90 (30 generated Fortran modules m00..m29.f90, each with one of: an unclosed parenthesis, a call to a missing subroutine, a CHARACTER assigned to REAL, a late declaration, an out-of-range index, an unclosed IF; Makefile runs gfortran -Wall -Wextra -c per file)
make -k -j2
# exit status 2
