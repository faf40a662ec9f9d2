cd /tmp/qa/tidy && tidy -e -q --gnu-emacs yes index.html page1.html page2.html page3.html page4.html 2>&1
# exit status: 1
# same page and four variants, file:line:col format
