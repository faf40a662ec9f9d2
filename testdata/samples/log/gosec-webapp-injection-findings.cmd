cd /tmp/qa2/gs1 && /tmp/qa2/gobin/gosec -color=false ./... 2>&1
# exit status: 1
# gosec (go install @latest, v2.30.0 module, reports 'dev') on a one-file HTTP app: SQL/command injection, path traversal,
# InsecureSkipVerify, md5 + math/rand token, 0777/0666 perms, unhandled errors -> 21 issues
