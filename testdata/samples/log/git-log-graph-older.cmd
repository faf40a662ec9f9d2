cd /work/wt-qaroute && git log --graph --oneline -n 30 d3e9a8f~80   # kompress own history, an older range than heldout/log/git-log-graph-oneline
# exit status: 0
