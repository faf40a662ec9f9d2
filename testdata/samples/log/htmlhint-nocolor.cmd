cd /tmp/qa2/npmp && NO_COLOR=1 FORCE_COLOR=0 /tmp/qa2/npmp/node_modules/.bin/htmlhint --nocolor docs
