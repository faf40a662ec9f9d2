cd /work/wt-qaroute && git log --stat -n 12 d3e9a8f   # kompress own history
# exit status: 0
