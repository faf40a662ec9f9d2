cd /tmp/drepo && git diff --color=always
# exit status: 0
# same /tmp/drepo repo, ANSI coloured diff
