shellcheck -f json1 /usr/bin/bashbug /usr/bin/heaptrack /usr/bin/bzgrep /usr/bin/zgrep /usr/bin/gunzip /usr/bin/zdiff /usr/bin/zless
# exit status: 1
# shellcheck from Debian apt
