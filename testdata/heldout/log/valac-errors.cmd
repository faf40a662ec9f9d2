cd /tmp/qa/vala && valac shop.vala 2>&1
# exit status: 1
# shop.vala with type mismatches and unknown names
