cd /tmp/qa2/yarn1 && /tmp/qa2/yarntool/node_modules/.bin/yarn install --non-interactive --no-progress 2>&1
# exit status: 1
# yarn 1.22.22; dependency file:./native-thing whose install script runs cc on a missing source,
# then reads a missing binding.gyp and dies with ENOENT
