cd /tmp/qa2/npmp && /tmp/qa2/npmp/node_modules/.bin/prettier --check src css docs
