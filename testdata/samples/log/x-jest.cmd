cd /tmp/xs/js && npx jest 2>&1
# exit status: 1
# setup: same project as x-jest-verbose
