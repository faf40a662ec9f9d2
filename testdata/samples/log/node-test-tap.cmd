cd /tmp/xs/nodet && node --test 2>&1
# exit status: 1
# setup: Node v20.20.2 (TAP reporter, the default when stdout is not a terminal); slug.js (slugify, parseDuration,
# async fetchConfig), slug.test.js with node:test describe/it/test and node:assert/strict: strictEqual and deepEqual
# failures, a thrown TypeError, a rejected JSON.parse, one skip and one todo
