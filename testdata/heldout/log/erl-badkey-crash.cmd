cd /tmp/qroute/hunt/erl && timeout 20 sh run.sh
# exit status: 124
# bank.erl: balance reads a misspelt key; the server process crashes with badkey, the caller hangs until timeout
