cd /tmp/qa/tidy && tidy -e index.html page1.html page2.html 2>&1
# exit status: 1
# three copies of one hand-written admin page with unclosed and misnested tags
