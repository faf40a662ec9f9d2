cppcheck --enable=all --inconclusive cpp 2>&1
