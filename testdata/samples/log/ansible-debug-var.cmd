cd /tmp/qfail/ans && ANSIBLE_NOCOLOR=1 ansible-playbook -i localhost, disk.yml 2>&1
# exit status: 2
