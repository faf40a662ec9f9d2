cd /tmp/qroute/hunt/lint && yamllint -f parsable deploy.yaml deploy1.yaml deploy2.yaml deploy3.yaml
# exit status: 1
# four manifests with trailing spaces, braces, truthy values, long lines, a tab
