cd /tmp/qa/ant && JAVA_HOME=/usr/lib/jvm/java-17-openjdk-amd64 ant 2>&1
# exit status: 1
# src/shop: raw types, a deprecated call, a missing import, an undefined variable
