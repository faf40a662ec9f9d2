# cwd: /tmp/qa3/fx (big.tar: tar -cf big.tar -C /usr/share/perl5 .)
tar -tvf big.tar ./Git.pm ./nonexistent.pm ./Algorithm ./also-missing 2>&1; tar -tvf big.tar | head -600; tar -xf big.tar -C /nonexistent-dir
# exit status 2
