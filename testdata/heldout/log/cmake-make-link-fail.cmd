cd /tmp/qa/p/cm && (cmake -S . -B build && cmake --build build) 2>&1
# exit status: 2
