cd /tmp/qa/c && flawfinder --columns --context . 2>&1
# exit status: 0
# three small C programs (stack.c, race.c, cfg.c)
