cd /tmp/qa2/tf1 && env -u TF_CLI_CONFIG_FILE terraform validate -no-color 2>&1
# exit status: 1
# main.tf and modules/net: undeclared variables, out-of-range tuple index, unknown function uppercase()
