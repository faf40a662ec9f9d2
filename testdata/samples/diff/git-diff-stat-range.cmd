cd /work/wt-failcore && git diff --stat HEAD~120 HEAD~60   # kompress history at 201076a, an older range
# exit status: 0
