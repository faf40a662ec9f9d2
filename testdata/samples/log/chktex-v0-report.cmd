cd /tmp/my/tex && chktex -v0 -q report.tex 2>&1
# exit status: 2
# ChkTeX 1.7.8, terse format, on a generated 12-section article whose sentences repeat spacing, dash, quote and bracket slips
# findings: below error level
