flake8 billing.py  # flake8 5.0.4 (Debian 12); the module of pycodestyle-show-source-billing: style findings and pyflakes F401/F821
# exit status 1
