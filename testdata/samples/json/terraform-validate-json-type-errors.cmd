cd /tmp/qa2/tf3 && env -u TF_CLI_CONFIG_FILE terraform validate -json -no-color 2>&1
# exit status: 1
# Terraform v1.11.4 validate -json: a map(object) variable whose default has a string for a bool, a sensitive = "yes" output
