cd /tmp/qroute/hunt && apt-cache search --names-only "^lib.*-perl$" | head -120
# exit status: 0
