cd /tmp/qaloss/hunt/node && node app.js 2>&1
# exit status: 1
