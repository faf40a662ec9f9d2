cd /tmp/qfail/h/ans && ANSIBLE_NOCOLOR=1 ansible-playbook -i localhost, users.yml 2>&1
# exit status: 2
