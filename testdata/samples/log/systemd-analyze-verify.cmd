# cwd: /tmp/qa3/fx (sd/kompress-web.service: Type=notifyy, Restart=on-failur, MemoryLimit=1G, Environment=FOO, an unknown key RandomKey, ExecStart of a command not on PATH)
systemd-analyze verify sd/kompress-web.service
# exit status 1
