cd /tmp/smp/java/chain && javac App.java && java App 2>&1
# exit status: 1
