cd /tmp/qa/pyq && vulture . 2>&1
# exit status: 1
# same four files
