cd /tmp/qa2/chk1 && chktex -q paper.tex 2>&1
# exit status: 2
# ChkTeX 1.7.8 on a short LaTeX article: spaces before punctuation, missing ~ before \ref, $$ display math,
# wrong quotes, ellipsis, interword spacing after abbreviations
# findings: below error level
