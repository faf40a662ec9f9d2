cd /tmp/qroute/hunt/meson && ninja -C build
# exit status: 1
# two C files with a missing semicolon, an undeclared function and variable
