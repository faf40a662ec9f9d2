cd /tmp/xs/pyu && python3 -m unittest discover -v -s tests -t . 2>&1
# exit status: 1
# setup: Python 3.11.7; inventory.py (Inventory with add/remove/total/report/load), tests/test_inventory.py (subTest with a
# failing case, expectedFailure, assertGreaterEqual/assertEqual on multi-line strings/assertDictEqual failures, KeyError,
# skip and skipUnless), tests/test_load.py (setUpClass, JSONDecodeError through json/decoder.py frames)
