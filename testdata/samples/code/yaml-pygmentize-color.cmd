cd /tmp/smp/sq && pygmentize -l yaml -f terminal compose.yaml
# exit status: 0
# YAML coloured by pygments
