cd /tmp/qa2/nasm1 && make -k 2>&1
# exit status: 2
# NASM 2.16 via make -k on three x86-64 files: macro called with the wrong parameter count, scale factor 3,
# constants that overflow db/dw/dq, undefined symbols and labels
