cd /tmp/qroute/hunt/meson && meson setup build
# exit status: 1
# meson.build asks for a pkg-config dependency that does not exist
