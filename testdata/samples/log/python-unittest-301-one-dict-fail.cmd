python3 t_test.py -v   # unittest, 300 generated passing tests + 1 assertEqual dict failure
# exit status: 1
