cd /tmp/qa2/bt1 && ./matrix_test --color_output=no 2>&1
# exit status: 201
# Boost.Test 1.74 (header-only, built with g++ -std=c++17 -g -o matrix_test matrix_test.cpp): a Matrix with a row-stride bug;
# 9 failures in 6 cases: BOOST_TEST value mismatches, per_element diffs, unexpected exception, tolerance, REQUIRE_MESSAGE; exit 201
