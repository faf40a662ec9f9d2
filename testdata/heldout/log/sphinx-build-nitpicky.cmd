cd /tmp/qa/sphinx && sphinx-build -b html -n . _build 2>&1
# exit status: 0
# three .rst pages and an autodoc module with broken refs, bad underline, unknown directive, missing include and autofunction target
