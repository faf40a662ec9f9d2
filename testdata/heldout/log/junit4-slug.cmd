cd /tmp/qfail/h/ju && CP=/usr/share/java/junit4.jar:/usr/share/java/hamcrest-core.jar:. && javac -cp $CP Slug.java SlugTest.java && java -cp $CP org.junit.runner.JUnitCore SlugTest 2>&1
# exit status: 1
