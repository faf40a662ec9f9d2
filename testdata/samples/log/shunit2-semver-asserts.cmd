cd /tmp/qa2/sh1 && SHUNIT_COLOR=none sh test_semver.sh 2>&1
# exit status: 1
# shUnit2 2.1.8 under dash: tests of a POSIX-sh semver helper; 7 of 13 tests fail (string comparison instead of numeric,
# minor bump keeps patch, "Illegal number" from $(( )) on a pre-release); shunit2 prints FAILED (failures=14) for 7 failures
