cd /tmp/qa2/inf && info -o - sed 'Reporting Bugs' 2>&1
# exit status: 0
# GNU texinfo 6.8 info reader, sed 4.9 manual node 'Reporting Bugs' (known non-bugs, with indented examples) dumped as text
