cd /tmp/qa2/tf2 && env -u TF_CLI_CONFIG_FILE terraform plan -no-color -input=false -var env=prod -var replicas=2 2>&1
# exit status: 1
# main.tf: invalid CIDR 10.0.0.0/33 in cidrsubnet() inside a for expression, a check block whose assert fails
