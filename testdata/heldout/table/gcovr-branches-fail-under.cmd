cd /tmp/qa2/cov2 && gcovr -r . --branches --fail-under-line 60 --fail-under-branch 50 2>&1
# exit status: 6
# branch-coverage table of the same build, then two (ERROR) lines for the failed line and branch thresholds
