cd /tmp/qa2/pp2 && puppet-lint --with-filename --fail-on-warnings modules/db/manifests/init.pp modules/db/manifests/user.pp modules/db/manifests/backup.pp 2>&1
# exit status: 1
# puppet-lint 3.0.1 --fail-on-warnings on a db module: 9 WARNINGs only (double-quoted constants, puppet:// URL without
# modules/, unbraced $title, undocumented class, arrow alignment); exit 1 rests on the warnings
