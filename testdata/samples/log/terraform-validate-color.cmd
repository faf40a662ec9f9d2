cd /tmp/my/tf && env -u TF_CLI_CONFIG_FILE terraform validate 2>&1
# exit status: 1
# main.tf: an out-of-range tuple index, tonumber("eighty"), a misspelt variable and local; Terraform v1.11.4 in colour (its default: boxes and ANSI)
