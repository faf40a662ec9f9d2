cd /tmp/qroute/hunt/cmk && cmake -S . -B build
# exit status: 1
# find_package(Boost REQUIRED) with no Boost installed
