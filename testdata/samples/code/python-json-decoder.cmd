cat /root/.pyenv/versions/3.11.7/lib/python3.11/json/decoder.py
# exit status: 0
