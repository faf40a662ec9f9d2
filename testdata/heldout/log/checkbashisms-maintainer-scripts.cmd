cd /tmp/qa2/cbb2 && checkbashisms -x -f debian/preinst debian/postinst debian/prerm debian/config 2>&1
# exit status: 1
# checkbashisms -x -f on four Debian maintainer scripts: == in test, &>, |&, brace expansion, declare -A, process substitution,
# printf -v, kill -SIGTERM, ${PIPESTATUS[0]}, $EUID, (( )), suspend
