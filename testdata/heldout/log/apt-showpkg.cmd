apt-cache showpkg bash
# exit status: 0
