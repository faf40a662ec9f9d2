cd /tmp/qa2/pc1 && perlcritic --severity 4 Git.pm Error.pm 2>&1
# exit status: 2
# Perl::Critic 1.148 at severity 4 on copies of /usr/share/perl5/Git.pm and Error.pm (Debian git and liberror-perl);
# a long flood of repeated policy violations (unpack @_, missing return, exported symbols)
