cd /tmp/qa2/isort2 && /usr/bin/python3 -m isort --profile black --check-only --diff pipeline 2>&1
# exit status: 1
# isort 5.6.4 --profile black on an ETL package: over-long from-import rewrapped to one name per line,
# an import inside "if True:" splits the sections; three files flagged
