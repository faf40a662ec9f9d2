# cwd: /tmp/qa3/fx (as root; du runs as the unprivileged user nobody, so three directories under /etc cannot be read)
su nobody -s /bin/bash -c 'du -a /etc 2>&1'
# exit status 1
