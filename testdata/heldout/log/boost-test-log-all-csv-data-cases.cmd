cd /tmp/qa2/bt2 && ./csv_test --color_output=no --log_level=all --report_level=detailed 2>&1
# exit status: 201
# Boost.Test 1.74 data-driven BOOST_DATA_TEST_CASE over 10 CSV rows plus 4 cases (built with g++ -std=c++17 -o csv_test csv_test.cpp),
# log level all (every passed check, Entering/Leaving lines) and the detailed report; a splitter that drops trailing empty fields: 5 of 14 cases fail
