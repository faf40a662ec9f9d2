cd /tmp/qa2/chk2 && chktex -q -v0 thesis-ch2.tex 2>&1
# exit status: 2
# ChkTeX 1.7.8 with -v0 (file:line:col:warning-number:message) on a thesis chapter with spacing, ~ and $$ problems
