cd /tmp/qa2/al2 && /tmp/qa2/gobin/actionlint -no-color 2>&1
# exit status: 1
# actionlint v1.7.1 on .github/workflows/release.yml: cron hour 25, unknown input type, bad permission value, fractional timeout,
# typos in inputs/needs outputs, action without a ref, runs-on on a reusable-workflow job, bad shell, matrix outside a matrix job
