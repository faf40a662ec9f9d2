cd /tmp/smp/nt && node --test --test-reporter=spec 2>&1
# exit status: 1
