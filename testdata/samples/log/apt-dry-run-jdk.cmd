apt-get --dry-run install default-jdk libreoffice-core vlc | head -c 59000 | sed '$d'
# exit status: 0
