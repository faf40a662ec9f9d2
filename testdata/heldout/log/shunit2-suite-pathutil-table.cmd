cd /tmp/qa2/sh2 && SHUNIT_COLOR=none bash test_pathutil.sh 2>&1
# exit status: 1
# shUnit2 2.1.8 under bash: a table-driven suite() that generates 15 tests with suite_addTest for normpath/ext/stem helpers
# plus a tempdir fixture test; 9 tests fail with expected:<…> but was:<…>, verdict FAILED (failures=17)
