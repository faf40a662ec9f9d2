# cwd: /tmp/qa4/fx (PyYAML 6 safe_dump_all of Deployment, Service, ConfigMap and HorizontalPodAutoscaler objects for 6 services, as helm template or kubectl get -o yaml print them; k8s.py is a script written for this sample)
python3 /tmp/qa4/fx/k8s.py
# exit status 0
