DEBIAN_FRONTEND=noninteractive apt-get install -y ripgrep imagemagick-6-common libmagickcore-6.q16-6 2>&1
# exit status: 0
