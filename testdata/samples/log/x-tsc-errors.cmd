cd /tmp/xs/js && npx tsc --noEmit --pretty false -p . 2>&1
# exit status: 2
# setup: typescript@5, tsc --init, six files ts/m1.ts..m6.ts each with three type errors
