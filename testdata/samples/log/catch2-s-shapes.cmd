# cwd: /tmp/qafix/fx/c (Catch2 2.13 from Debian (single header); shapes.cpp: a generated area test failing at one width, port-parsing sections of which one throws unexpectedly, a map check failing; -s shows passing assertions too)
g++ -o shapes shapes.cpp && ./shapes -s
# exit status 3
