tail -n 400 /var/log/dpkg.log
# exit status: 0
# last 400 lines of the dpkg log after the apt-get installs above
