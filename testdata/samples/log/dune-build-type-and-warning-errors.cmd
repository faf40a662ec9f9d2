cd /tmp/qa2/dn && dune build 2>&1
# exit status: 1
# dune 2.9.3 / OCaml 4.13.1, dev profile: library with int*float type error, string vs partial-application error, unbound module, and warnings 8/26 that the dev profile makes errors
