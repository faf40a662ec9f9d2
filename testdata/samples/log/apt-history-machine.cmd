cat /var/log/apt/history.log
# exit status: 0
# this machine's apt history: image setup and the installs of this session (shellcheck, postgresql, ...)
