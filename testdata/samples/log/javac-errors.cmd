cd /tmp/smp/java/bad && javac -Xlint:all Inventory.java Report.java
# exit status: 1
