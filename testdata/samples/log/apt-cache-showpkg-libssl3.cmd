apt-cache showpkg libssl3
# exit status: 0
