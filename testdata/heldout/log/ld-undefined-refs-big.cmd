cd /tmp/qaloss/hunt/ld && gcc -o app main.o $(ls m*.o | sort -V) 2>&1
# exit status: 1
