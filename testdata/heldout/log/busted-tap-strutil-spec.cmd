cd /tmp/qa2/bu2 && busted -o TAP spec 2>&1
# exit status: 1
# busted 2.1.1 with the TAP output handler on a string-utility module: 10 of 21 tests not ok (trim only on the left, gmatch
# with magic characters, malformed pattern, # of a number, nil index); table diffs with * markers; ends with 1..21
