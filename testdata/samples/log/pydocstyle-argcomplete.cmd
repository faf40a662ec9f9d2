# pydocstyle 6.2.3 (Debian) over an installed package
pydocstyle /usr/lib/python3/dist-packages/argcomplete/ 2>&1
# exit status: 1
# findings: below error level (docstring conventions, D1xx-D4xx)
