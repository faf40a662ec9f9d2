pycodestyle --show-source billing.py  # pycodestyle 2.10 (Debian 12); a module written for the sample
# exit status 1
