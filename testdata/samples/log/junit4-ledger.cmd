cd /tmp/qfail/ju && CP=/usr/share/java/junit4.jar:/usr/share/java/hamcrest-core.jar:. && javac -cp $CP Ledger.java LedgerTest.java && java -cp $CP org.junit.runner.JUnitCore LedgerTest 2>&1
# exit status: 1
