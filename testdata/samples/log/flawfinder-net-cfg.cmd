# cwd: /tmp/t3 (Debian flawfinder 2.0.19; net.c and cfg.c: small C files calling gets, strcpy, sprintf, printf(buf), system, strcat, getenv, tmpnam, fscanf %s, atoi)
flawfinder net.c cfg.c 2>&1
# exit status: 0
