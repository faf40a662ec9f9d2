# cwd: /tmp/qa4/fx/c (Catch2 2.13 from Debian (single header); c2.cpp: a generated factorial test failing at n=7, sections of which two fail, an unexpected exception; -s shows passing assertions too)
./c2 -s
# exit status 4
