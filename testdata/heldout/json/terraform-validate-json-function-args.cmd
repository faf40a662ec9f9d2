cd /tmp/qa2/tf4 && env -u TF_CLI_CONFIG_FILE terraform validate -json -no-color 2>&1
# exit status: 1
# Terraform v1.11.4 validate -json: templatefile() of a missing file, regex() with an unbalanced pattern, an undeclared local
