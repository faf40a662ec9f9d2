cd /tmp/qa2/hg/repo && hg export --git tip 2>&1
# exit status: 0
# changeset patch with header: a file renamed with small edits (git rename metadata), a deleted file, 13 lines dropped from perf.py
