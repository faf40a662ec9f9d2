cd /tmp/qroute/hunt/r && Rscript model.R
# exit status: 1
# model.R: prints an lm summary, then predict() with a wrong column name fails
