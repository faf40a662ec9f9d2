cd /usr/share/perl/5.36.0/CPAN/Kwalify && pygmentize -l yaml -f terminal256 distroprefs.yml
# exit status: 0
# YAML coloured by pygments, 256-colour escapes
