cd /tmp/qa2/cbb1 && checkbashisms deploy.sh backup.sh 2>&1
# exit status: 1
# checkbashisms (devscripts 2.23.4) on two #!/bin/sh scripts full of bash-only syntax: source, [[ ]], arrays, let, &>, read -p, ==,
# $RANDOM, ${x:0:7}, ${x^^}, select, trap ERR, pushd/popd, typeset, **, brace expansion, /dev/tcp, shopt
# findings: below error level
