cd /tmp/qa2/rck2 && R CMD INSTALL --library=lib fastsum 2>&1
# exit status: 1
# R 4.2.2 R CMD INSTALL of a package with C code (.Call registration): two missing semicolons in src/runsum.c; gcc errors,
# make Error 1 from R's Makeconf, "ERROR: compilation failed for package ‘fastsum’"
