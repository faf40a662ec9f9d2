cd /tmp/qroute/s2/meson && meson setup build 2>&1
# exit status: 1
# meson.build: zlib, libm, python3 found; find_program('thumbgen-codegen') is not installed
