cd /tmp/qa2/rtt2 && NO_COLOR=1 Rscript -e 'testthat::test_dir("tests/testthat", reporter = "check")' 2>&1
# exit status: 1
# testthat 3.1.6 check reporter (as R CMD check prints it): 13 failures/errors across slugify cases in a loop, semver parsing,
# key=value config reading (file missing: cannot open the connection), stopifnot messages; tree-drawn backtraces
