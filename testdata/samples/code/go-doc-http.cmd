cd /usr/local/go/src && go doc net/http | head -c 40000
# exit status: 0
# head -c 40000
# filed under code: after a short package overview, most lines are Go declarations
