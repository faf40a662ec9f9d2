# cwd: /tmp/qa5/fx/sv (svelte-check 4 and svelte 5 from npm; src/Cart.svelte with 6 TypeScript errors and 4 a11y warnings)
/tmp/qa5/npmp/node_modules/.bin/svelte-check --tsconfig ./tsconfig.json --output human
# exit status 1
