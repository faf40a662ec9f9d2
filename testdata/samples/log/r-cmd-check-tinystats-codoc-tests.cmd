cd /tmp/qa2/rck1 && _R_CHECK_FORCE_SUGGESTS_=false R CMD check --no-manual tinystats_0.1.0.tar.gz 2>&1
# exit status: 1
# R 4.2.2 R CMD check of a small package (built with R CMD build --no-build-vignettes tinystats): Rd files without \description,
# undocumented object, codoc/usage mismatches, License template NOTE, and testthat failures; "Status: 1 ERROR, 4 WARNINGs, 2 NOTEs"
