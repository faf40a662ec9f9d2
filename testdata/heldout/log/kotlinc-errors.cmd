# cwd: /tmp/qa5/fx/kt (Debian kotlin 1.3.31; Inv.kt with 6 errors)
kotlinc Inv.kt -d out
# exit status 1
