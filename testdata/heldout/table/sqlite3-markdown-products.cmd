sqlite3 -markdown shop.db "SELECT * FROM p"
# exit status: 0
# 60 generated product rows
