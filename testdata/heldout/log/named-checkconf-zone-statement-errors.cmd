cd /tmp/qa2/dns2 && named-checkconf named.conf 2>&1
# exit status: 1
# BIND 9.18 named-checkconf (no -z) on a named.conf with semantic errors: duplicate zone, missing file/primaries entries,
# file in a forward zone, undefined ACL and primaries list, update-policy and allow-update together, hint zone without file; deprecated port token
