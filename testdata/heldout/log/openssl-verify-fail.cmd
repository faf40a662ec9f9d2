cd /tmp/qaloss/hunt/ossl && openssl verify -CAfile other.pem leaf.pem; openssl verify -show_chain -CAfile ca.pem leaf.pem; openssl x509 -in leaf.pem -noout -text 2>&1
# exit status: 0
