cd /tmp/qaroute2/gitm && git merge feature; git status; git diff 2>&1
# exit status: 0
# git 2.39.5; own repo: main and feature both change config.yml and cart.py
