import json, sys, urllib.request, hashlib
url, key, n, off = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
out = open('manifest', 'a')
for i in range(off, off + n):
    lines = []
    for j in range(60 + 20 * i):
        lines.append(f"2026-12-01T23:{j%60:02d}:00Z INFO worker-{i} processed batch {j} of 120 in {j*7%93} ms (queue depth {j%11})")
    lines.insert(60, f"2026-12-01T23:59:59Z ERROR worker-{i}: connection reset by peer")
    content = "\n".join(lines) + "\n"
    req = urllib.request.Request(url + "/v1/compress", data=json.dumps({"content": content}).encode(),
        headers={"Authorization": "Bearer " + key, "Content-Type": "application/json"})
    res = json.load(urllib.request.urlopen(req))
    assert res["ccr_id"], res["strategy"]
    tenant = key.split("-")[0]
    out.write(f"{tenant} {res['ccr_id']} {hashlib.sha256(content.encode()).hexdigest()} {len(content)}\n")
