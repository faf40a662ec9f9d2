cd /tmp/smp/java/pool && javac Pool.java && java Pool 2>&1
# exit status: 1
