# cwd: /tmp/qa5/fx/junit (Debian junit4 4.13.2 + hamcrest; CartTest: 8 run, 5 failing incl. a timeout and an NPE, 1 ignored)
java -cp /usr/share/java/junit4.jar:/usr/share/java/hamcrest-core.jar:. org.junit.runner.JUnitCore CartTest
# exit status 1
