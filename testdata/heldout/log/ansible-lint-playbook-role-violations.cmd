cd /tmp/qa2/al4a && ansible-lint --nocolor site.yml 2>&1
# exit status: 2
# ansible-lint 6.13.1 (ansible 2.14.18) on a playbook + role: free-form apt/user/template, curl|bash in shell, mode: 644,
# == True, ignore_errors, unnamed play/task, bad yaml indentation -> 45 failures, 1 warning, Rule Violation Summary table
