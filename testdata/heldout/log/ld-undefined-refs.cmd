cd /tmp/qaloss/hunt/ld && gcc -o app main.o m1.o m2.o m3.o m4.o m5.o m6.o m7.o m8.o m9.o m10.o m11.o m12.o -Wl,--whole-archive -Wl,--no-whole-archive 2>&1
# exit status: 1
