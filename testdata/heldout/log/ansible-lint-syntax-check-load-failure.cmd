cd /tmp/qa2/al4b && ansible-lint --nocolor deploy.yml cleanup.yml rollback.yml migrate.yml restart.yml 2>&1
# exit status: 2
# ansible-lint 6.13.1 on five playbooks: unterminated quoted YAML scalar, misspelled module ansible.builtin.servic, two
# action modules in one task, import_tasks of a missing file -> load-failure + syntax-check errors
