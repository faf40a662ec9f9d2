cd /tmp/qa2/gemext && gem install --local --install-dir /tmp/qa2/gemext/gems ./fastsum-0.1.0.gem 2>&1
# exit status: 1
# fastsum gem with a C extension (ext/fastsum/fastsum.c) built with -Wall -Wextra: missing semicolon, typo totl, undeclared fs_median,
# unsigned < 0 comparison; ruby headers add a flood of -Wunused-parameter warnings
