cd /tmp/smp/jt && /tmp/npmtools/node_modules/.bin/jest --ci --verbose 2>&1 | sed -e "s/✕/$(tput setaf 1)✕$(tput sgr0)/g" -e "s/✓/$(tput setaf 2)✓$(tput sgr0)/g" -e "s/FAIL/$(tput bold)$(tput setaf 1)FAIL$(tput sgr0)/g"
# exit status: 0
# TERM=xterm; words coloured with tput setaf/sgr0 (sgr0 emits ESC ( B)
