cd /tmp/qroute/hunt/cpp && clang-tidy buf.cpp -checks='-*,bugprone-*,modernize-*,readability-*,cppcoreguidelines-*' -- -std=c++17
# exit status: 0
# buf.cpp: C-style buffers, strcpy, sprintf, a signed/unsigned loop, an uninitialised read
