# cwd: /tmp/qa3/fx/ada (GNAT 12: package Bank with a missing ';' and a misspelt end name in bank.adb; main.adb indexes a 3-element array with 4)
gnatmake -gnatwa main.adb
# exit status 4
