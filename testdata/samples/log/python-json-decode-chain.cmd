cd /tmp/smp/py && /usr/bin/python3 -c 'import json,sys
def load(p):
    try:
        return json.loads(open(p).read())
    except json.JSONDecodeError as e:
        raise RuntimeError(f"{p}: not JSON") from e
for p in ["/etc/hostname", "/etc/os-release"]:
    try:
        load(p)
    except RuntimeError as e:
        print("skip:", e, file=sys.stderr)
load("/etc/passwd")'
# exit status: 1
