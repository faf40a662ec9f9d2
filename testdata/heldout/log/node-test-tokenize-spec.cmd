cd /tmp/lsize-nt && node --test --test-reporter=spec 2>&1
# exit status: 1
# setup: node v20.20.2; tokenize.mjs (tokenize/evaluate) with node:test describe/it, 5 failing of 19
