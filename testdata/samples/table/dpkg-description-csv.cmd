dpkg-query -W -f='${Package}\t${Version}\t${Description}\n@@\n' | python3 -c 'import csv,sys; w=csv.writer(sys.stdout, lineterminator="\n"); w.writerow(["package","version","description"]); [w.writerow([c.split("\n")[0] if i < 2 else "\n".join(c.split("\n")[:3]) for i, c in enumerate(r.split("\t", 2))]) for r in sys.stdin.read().split("\n@@\n")[:120] if r]'
# exit status: 0
# cells quoted across line breaks (RFC 4180)
