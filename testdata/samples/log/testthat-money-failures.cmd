cd /tmp/qa2/rtt1 && NO_COLOR=1 Rscript -e 'testthat::test_dir("tests/testthat")' 2>&1
# exit status: 1
# R 4.2.2, testthat 3.1.6: two test files, 7 failures (expect_equal numeric/list mismatch, expect_identical strings,
# expect_error with wrong message), 1 error (subscript out of bounds), 2 warnings, 1 skip
