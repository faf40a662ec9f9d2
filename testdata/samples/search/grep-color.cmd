cd /usr/local/go/src && grep -rn --color=always 'func Marshal' encoding
# exit status: 0
