cd /tmp/qa/hyp && /usr/bin/python3 -m pytest --tb=long -p no:cacheprovider 2>&1
# exit status: 1
# codec.py run-length encoder; hypothesis finds inf and a 10-long run
