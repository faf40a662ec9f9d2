# cwd: /tmp/qafix/fx/rb (minitest 5 from Ruby 3.1 (Debian); test/text_test.rb: 20 passing rows, two string mismatches that minitest prints as unified diffs under "--- expected" / "+++ actual")
ruby test/text_test.rb --seed 3 -v
# exit status 1
