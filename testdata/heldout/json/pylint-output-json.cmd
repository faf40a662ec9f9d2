cd /tmp/qaroute/pyl && pylint --output-format=json billing.py
# exit status: 30
# the billing.py of log/pylint-billing
