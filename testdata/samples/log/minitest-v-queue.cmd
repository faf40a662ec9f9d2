# cwd: /tmp/qafix/fx/rb (minitest 5 from Ruby 3.1 (Debian); test/queue_test.rb: 40 passing pushes, an array and a hash mismatch, assert_nil on 0, an IndexError, one skip)
ruby test/queue_test.rb --seed 7 -v
# exit status 1
