cd /tmp/qa2/npmp && /tmp/qa2/npmp/node_modules/.bin/htmlhint docs
