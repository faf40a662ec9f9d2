cd /tmp/qa2/msan && clang++ -g -O0 -fsanitize=memory -fsanitize-memory-track-origins=2 -fno-omit-frame-pointer inventory.cpp -o inventory && ./inventory 2>&1
# exit status: 1
# clang 14 MemorySanitizer on C++: a malloc'ed Item array whose qty field is set only for even items, read in a branch for item 1; buffered stdout lost at exit
