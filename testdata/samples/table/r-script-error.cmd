# cwd: /tmp/qa3/fx/r
Rscript -e "options(error=function() {traceback(3); q(status=1)})" analysis.R; Rscript analysis.R
# exit status 1
