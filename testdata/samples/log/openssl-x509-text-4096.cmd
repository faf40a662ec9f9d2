cd /tmp/qaloss && openssl req -x509 -newkey rsa:4096 -nodes -keyout k4.pem -out c4.pem -days 30 -subj "/CN=big.example" && openssl x509 -in c4.pem -text -noout
# exit status: 0
