cd /tmp/qa/oct && octave --no-gui --norc -q stats_report.m 2>&1
# exit status: 1
# stats_report.m with warning('on','all'): std() pulls in library files that trip language-extension warnings, then a 3x3 * 4x1 product fails
