cd /tmp/qaroute2/css && NO_COLOR=1 FORCE_COLOR=0 stylelint --config lint.json 'styles/*.css' 2>&1  # stylelint 16.26.1 (npm), own rules file
# exit status: 2
