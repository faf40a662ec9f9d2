cd /tmp/npmt && npm install kompress-this-package-does-not-exist-4242
# exit status: 1
