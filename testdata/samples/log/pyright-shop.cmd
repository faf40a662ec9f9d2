cd /tmp/qaroute/pyr && pyright shop 2>&1
# exit status: 1
# shop/: a dataclass cart package with Optional misuse and wrong argument types (pyright from npm)
