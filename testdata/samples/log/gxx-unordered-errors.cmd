g++ -std=c++17 -c u.cpp 2>&1   # g++ 12: unordered_map of a key without std::hash, a copy of vector<unique_ptr>, sort/find on a struct without operators
# exit status: 1
