# cwd: /tmp/qa3/fx/pn (package.json depends on express ^4.19.0 and lodash ^4.17.21; after pnpm install)
pnpm list --depth Infinity
# exit status 0
