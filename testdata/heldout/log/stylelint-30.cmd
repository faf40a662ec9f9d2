cd /tmp/qaloss/hunt/css && NO_COLOR=1 FORCE_COLOR=0 /tmp/qaloss/npmtools/node_modules/.bin/stylelint 'src/*.css' 2>&1  # stylelint 16, config-standard 36; 30 files c1.css … c30.css alike
# exit status: 2
