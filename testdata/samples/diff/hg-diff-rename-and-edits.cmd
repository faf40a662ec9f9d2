cd /tmp/qa2/hg/repo && hg diff 2>&1
# exit status: 0
# Mercurial 6.3.2 working-copy diff (plain hg format): hgeditor renamed with hg mv (shown as add of the whole file), edits and commented-out lines in perf.py, lines removed from simplemerge, a hook appended
