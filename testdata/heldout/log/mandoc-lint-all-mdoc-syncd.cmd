cd /tmp/qa2/mdoc2 && mandoc -T lint -W all syncd.8 ssh_config.5 scp.1 2>&1
# exit status: 3
# mandoc 1.14.6 lint at all levels: a hand-written mdoc(7) page syncd.8 with unclosed .Bl/.Bd/.Xo blocks (3 ERROR), doubled .Pp,
# section order; plus OpenSSH ssh_config.5 and scp.1 from Debian (WARNING/STYLE, "outdated mandoc.db" notes); exit 3
