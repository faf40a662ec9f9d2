cd /tmp/qa2/alx2 && /tmp/qa2/npm4/node_modules/.bin/alex --text NOTES.txt 2>&1
# exit status: 1
# alex 11.0.1 --text on plain-text release notes with profanity (damn, retarded) and gendered job titles -> 15 warnings
