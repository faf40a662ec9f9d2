cd /work/wt-samples && git diff --stat HEAD~60 HEAD   # kompress's own history
# exit status: 0
