cd /tmp/my/rk && rake --trace 2>&1
# exit status: 1
# Rakefile: import:prices parses a CSV whose cents column holds "12x" with Integer(); rake 13.0.6, Ruby 3.1
