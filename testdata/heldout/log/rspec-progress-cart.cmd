cd /tmp/qa/rspec && rspec 2>&1
# exit status: 1
# lib/cart.rb with five bugs, spec/cart_spec.rb 33 examples
