# cwd: /usr/share/doc (cspell 9.8 from npm, default English dictionary, over git's release notes and Debian NEWS files)
npx --prefix /tmp/qa4/npmp cspell --no-progress --no-color "git/RelNotes/2.4*.txt" "*/NEWS*" 2>&1 | head -1000
# exit status 1
