# cwd: /tmp/qfail/ans (fleet.yml: one task looping a grep over 24 config files, 6 of them without a port line)
ANSIBLE_NOCOLOR=1 ansible-playbook -i localhost, fleet.yml 2>&1
# exit status: 2
