# cwd: /tmp/qa3/fx
head -3000 /tmp/qa3/out/sqlite-csv-export.txt | gawk -f report.awk
# exit status 2
