# cwd: /tmp/qa4/fx/rb (rspec 3.12 from Debian (ruby-rspec), Ruby 3.1; spec/big_spec.rb: 216 examples of a small Cart class, 5 failing (wrong totals, a KeyError, a hash mismatch, a NoMethodError on nil), one pending; documentation format)
rspec -f d spec/big_spec.rb
# exit status 1
