cd /tmp/qa2/ag && ag --nocolor --nogroup 'OSSL_DEPRECATEDIN_3_0' /usr/include/openssl 2>&1
# exit status: 0
# the_silver_searcher 2.2.0: every OpenSSL 3 declaration marked deprecated in 3.0 (966 hits in ~50 headers), file:line:text form
