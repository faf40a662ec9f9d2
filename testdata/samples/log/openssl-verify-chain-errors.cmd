cd /tmp/qaroute2/ossl && (openssl verify -CAfile other.pem api.pem; openssl verify api.pem; openssl verify -CAfile ca.pem -attime 1900000000 api.pem; openssl verify -CAfile ca.pem -purpose sslclient -show_chain api.pem; openssl x509 -in missing.pem -noout -subject; openssl x509 -in api.pem -noout -subject -issuer -dates) 2>&1  # OpenSSL 3.0.19 (apt), own CA and certificates
# exit status: 0
