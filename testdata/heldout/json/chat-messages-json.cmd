# cwd: /tmp/qa3/fx (chat.js prints an OpenAI-style chat request: 60 user/assistant turns about module warnings, with run_tests tool calls and their results, one of them a go test failure)
node chat.js
# exit status 0
