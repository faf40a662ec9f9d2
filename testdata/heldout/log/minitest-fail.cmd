# cwd: /tmp/qa4/fx/rb (minitest 5 from Ruby 3.1 (Debian); test/cart_test.rb: 30 passing tests, a string diff, a wrong total, a KeyError, a NoMethodError on nil, one skip; lib/cart.rb is also under samples/log/rspec-doc-big, whose runner and tests differ)
ruby -Ilib test/cart_test.rb --seed 42 -v
# exit status 1
