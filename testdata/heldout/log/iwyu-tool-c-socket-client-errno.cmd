cd /tmp/qa2/iwyu2 && iwyu_tool -p . -j 1 2>&1
# exit status: 1
# include-what-you-use 0.18 via iwyu_tool on a small C11 socket client: net.h/net.c suggestions, then client.c fails to
# parse (error: undeclared errno; implicit write/strerror/strlen/close warnings) so iwyu exits 1 for it
