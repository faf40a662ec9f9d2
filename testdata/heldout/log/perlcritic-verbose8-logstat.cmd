cd /tmp/qa2/pc2 && perlcritic --severity 2 --verbose 8 logstat.pl 2>&1
# exit status: 2
# Perl::Critic 1.148 at severity 2, verbose format 8 ([Policy] message), on a small access-log script without strict/warnings,
# bareword two-argument open, prototype, global loop variable, map in void context, backticks
