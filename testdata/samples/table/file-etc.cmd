file /etc/* 2>&1 | head -150
# exit status: 0
