cd /tmp/qa2/pp1 && puppet-lint --with-filename manifests/site.pp modules/web/manifests/init.pp 2>&1
# exit status: 1
# puppet-lint 3.0.1: one ERROR (defined type web::vhost outside autoload layout) and 20 WARNINGs (unquoted/3-digit modes,
# double-quoted constants, arrow alignment, undocumented class, parameter order, case without default)
