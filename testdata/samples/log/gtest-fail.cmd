# cwd: /tmp/qa4/fx/c (googletest 1.12 from Debian (libgtest-dev); gt.cc: 39 parameterised tests, one failing, and 7 tests of which 5 fail, one skipped, one disabled, one death test that does not die; g++ -std=c++17 gt.cc -lgtest -lgtest_main)
./gt
# exit status 1
