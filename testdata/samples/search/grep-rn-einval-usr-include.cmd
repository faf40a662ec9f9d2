grep -rn "EINVAL" /usr/include
# exit status: 0
