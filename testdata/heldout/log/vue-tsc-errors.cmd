# cwd: /tmp/qa5/fx/vue (vue-tsc 3 and vue 3 from npm; src/Cart.vue with 7 type errors, src/main.ts with 1)
/tmp/qa5/npmp/node_modules/.bin/vue-tsc --noEmit -p tsconfig.json --pretty false
# exit status 2
