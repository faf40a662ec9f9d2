# cwd: /tmp/qa3/fx/ct (a C project whose CMakeLists.txt asks find_package(ZstdQa3 1.5 REQUIRED), which does not exist; second configure run into the same build directory, so compiler detection comes from the cache)
cmake -S tr -B build3 --trace
# exit status 1
