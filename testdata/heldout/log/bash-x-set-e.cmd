cd /tmp/qaloss/hunt/bashx && bash -x deploy.sh 2>&1
# exit status: 2
