# cwd: /tmp/qa5/fx/jstk (Dead.java: a pool of 4 sleeping workers and two threads taking two monitors in opposite orders; OpenJDK 17)
java -cp . Dead & sleep 4; jstack -l $!
# exit status 0
