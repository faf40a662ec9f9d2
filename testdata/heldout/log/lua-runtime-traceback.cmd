cd /tmp/qaloss/hunt/lua && lua5.4 app.lua 2>&1
# exit status: 1
