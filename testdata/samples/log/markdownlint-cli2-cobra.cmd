# cwd: /tmp/qa5/fx/cobra (a clone of github.com/spf13/cobra; markdownlint-cli2 0.22.1 from npm, default config)
/tmp/qa5/npmp/node_modules/.bin/markdownlint-cli2 "*.md" "site/content/completions/*.md" "site/content/docgen/*.md"
# exit status 1
