cd /work/wt-qaroute && git log --graph --oneline -n 40 d3e9a8f   # kompress own history
# exit status: 0
