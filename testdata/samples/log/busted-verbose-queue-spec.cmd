cd /tmp/qa2/bu1 && busted -v spec 2>&1
# exit status: 1
# busted 2.1.1 (Lua 5.1 via Debian lua-busted), default utfTerminal output with -v tracebacks: a Queue class with an
# off-by-one size, peek at the wrong end, drain without nil check; 4 failures, 1 error, 1 pending
