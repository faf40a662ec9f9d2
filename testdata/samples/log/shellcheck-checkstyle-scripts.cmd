cd /tmp/qaroute2/sh && shellcheck -f checkstyle backup.sh deploy.sh clean.sh 2>&1  # shellcheck 0.9.0 (apt), own scripts
# exit status: 1
