cd /tmp/qa2/ag && ag --nocolor --group -C2 'TODO|FIXME|XXX' /usr/include/linux /usr/include/c++/12/bits 2>&1
# exit status: 0
# grouped output (file heading, N: match / N- context lines, blank between groups) of TODO/FIXME/XXX comments in kernel UAPI and libstdc++ headers
