pip3 install --no-cache-dir requests-oauthlib==1.3.1 flask==3.0.0   # PyPI unreachable
# exit status: 1
