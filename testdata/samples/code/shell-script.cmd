cat $(command -v gzexe)
# exit status: 0
