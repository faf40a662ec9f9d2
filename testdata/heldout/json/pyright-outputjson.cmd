cd /tmp/qaroute/pyr && pyright --outputjson shop
# exit status: 1
# the shop package of log/pyright-shop
