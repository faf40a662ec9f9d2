dpkg-query -W -f='${Package}\t${Version}\t${binary:Summary}\t${Depends}\n' | head -250 | python3 -c 'import csv,sys; w=csv.writer(sys.stdout, lineterminator="\n"); w.writerow(["package","version","summary","depends"]); [w.writerow(l.rstrip("\n").split("\t")) for l in sys.stdin]'
# exit status: 0
