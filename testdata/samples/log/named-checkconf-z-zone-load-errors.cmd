cd /tmp/qa2/dns1 && named-checkconf -z named.conf 2>&1
# exit status: 1
# BIND 9.18 named-checkconf -z loading four zones of a test named.conf: bad dotted quad / IPv6, CNAME and other data,
# label too long, check-names failure, unknown RR types, missing $INCLUDE file; three zones not loaded, exit 1
