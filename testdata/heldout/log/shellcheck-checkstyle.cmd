cd /tmp/qaloss/hunt/sc && shellcheck -f checkstyle s1.sh s2.sh s3.sh s4.sh s5.sh 2>&1
# exit status: 1
