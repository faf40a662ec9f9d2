cd /tmp/qa2/ec2 && /tmp/qa2/gobin/errcheck ./... 2>&1
# exit status: 1
# errcheck v1.30.0 (defaults) on a writable copy of github.com/gorilla/websocket v1.5.3 from the module cache:
# 131 unchecked Close/SetDeadline/Write/WriteControl results in library, tests and examples
