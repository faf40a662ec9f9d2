cd /tmp/qa2/al1 && /tmp/qa2/gobin/actionlint -no-color 2>&1
# exit status: 1
# actionlint v1.7.1 on .github/workflows/ci.yml: typo in activity type and runner label, old checkout@v2, undefined matrix property,
# an if: with ${{ }} inside, untrusted PR title in run:, needs: of a missing job, = instead of ==, wrong upload-artifact input
