# cwd: /usr/share/doc (cspell 9.8 from npm, default English dictionary, over Debian doc files)
npx --prefix /tmp/qa4/npmp cspell --no-progress --no-color "git/README.md" "bash/README" "*/changelog.Debian.gz" "nodejs/CHANGELOG.md" 2>&1 | head -1500
# exit status 0
