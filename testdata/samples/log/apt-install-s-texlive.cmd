apt-get install -s texlive-full | head -n 575
# exit status: 0
# first 575 of 1183 lines: the package lists, the summary line and 300 Inst/Conf lines
