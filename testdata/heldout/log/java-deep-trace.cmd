cd /tmp/qa/p/jc && java Deep 2>&1   # 90-deep recursion, NPE wrapped twice, two threads
# exit status: 1
