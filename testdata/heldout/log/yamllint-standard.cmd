cd /tmp/qroute/hunt/lint && yamllint -f standard deploy.yaml deploy1.yaml deploy2.yaml deploy3.yaml
# exit status: 1
# same manifests, the default grouped format
