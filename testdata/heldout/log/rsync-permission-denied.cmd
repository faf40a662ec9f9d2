cd /tmp/qa/rs && su qarsync -s /bin/bash -c 'rsync -av --copy-links src/ dst/ ; rsync -rtv src/a/ rootdst/' 2>&1
# exit status: 23
# qarsync: a throwaway user made with useradd -M for the run; src/b/* and src/c are mode 000, src/a/dangling points nowhere, rootdst/ is root-owned 755
