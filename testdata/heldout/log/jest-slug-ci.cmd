cd /tmp/lsize-jest && npx jest --ci 2>&1
# exit status: 1
# setup: jest 29 (npm install jest@29); src/slug.js (slugify/parseDate/unique), src/slug.test.js, 4 failing of 21, 1 skipped
