cd /tmp/qa/p/jc && javac -Xlint:all Order.java Deep.java 2>&1
# exit status: 1
