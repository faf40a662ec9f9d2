ls -l --color=always /usr/lib/x86_64-linux-gnu | head -n 300
# exit status: 0
# first 300 lines
