cd /tmp/qfail/rb && ruby queue_test.rb 2>&1
# exit status: 1
