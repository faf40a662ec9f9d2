cd /tmp/qa2/sd1 && systemd-analyze verify ./webapp.service ./backup.timer ./backup.service 2>&1
# exit status: 1
# systemd 252: a service with typos in Type=, Restart=, RestartSec=, MemoryMax=, ProtectSystem=, a missing Requires= unit;
# a timer with an impossible OnCalendar= hour, a oneshot with Nice=25 and a misspelt StandardOutput=
