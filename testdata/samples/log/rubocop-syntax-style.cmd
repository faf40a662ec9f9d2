rubocop orders.rb pricing.rb  # rubocop 1.39.0 (Debian 12), default formatter; two small files written for the sample, one with a Ruby 3 endless method the 2.6 parser rejects
# exit status 1
