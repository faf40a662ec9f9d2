cd /tmp/qaroute/hunt && lua5.4 cart.lua 2>&1
# exit status: 1
# cart.lua: a cart whose last line has a nil price; string.format fails inside a method (Lua 5.4)
