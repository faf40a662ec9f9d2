# cwd: /tmp/qa3/fx/pas (Free Pascal 3.2.2: inv.pas uses an undeclared identifier, a missing record field and assigns a string to an integer)
fpc -vewnh inv.pas
# exit status 1
