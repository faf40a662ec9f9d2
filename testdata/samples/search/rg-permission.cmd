mkdir -p /tmp/rgperm/locked /tmp/rgperm/open && echo 'token = abc' > /tmp/rgperm/open/a.conf && echo 'token = x' > /tmp/rgperm/locked/b.conf && chmod 000 /tmp/rgperm/locked && su nobody -s /bin/bash -c 'rg -n token /tmp/rgperm' ; chmod 755 /tmp/rgperm/locked
# exit status: 0
