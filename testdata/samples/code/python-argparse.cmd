head -c 120000 /root/.pyenv/versions/3.11.7/lib/python3.11/argparse.py
# exit status: 0
# head -c 120000
