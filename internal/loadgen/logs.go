package loadgen

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// Log returns a realistic tool output of about size bytes (a go test,
// pytest, cargo, tsc/webpack or service log) that ends in, or contains, a
// failure the way real ones do. The same seed gives the same text; different
// seeds give different kinds, names, numbers and timings, so a
// content-addressed store sees every request as new.
func Log(seed uint64, size int) string {
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	kinds := []func(*rand.Rand, int) string{goTest, pytest, cargo, tsc, serviceLog}
	return kinds[seed%uint64(len(kinds))](r, size)
}

var (
	pkgs  = []string{"api", "auth", "billing", "cache", "config", "ingest", "queue", "router", "search", "store"}
	verbs = []string{"Parse", "Encode", "Decode", "Merge", "Resolve", "Validate", "Refresh", "Rotate", "Flush", "Retry"}
	nouns = []string{"Token", "Header", "Config", "Batch", "Index", "Snapshot", "Manifest", "Session", "Route", "Schema"}
	crate = []string{"serde", "tokio", "hyper", "rand", "regex", "bytes", "anyhow", "clap", "tracing", "futures", "mio", "libc"}
)

func pick[T any](r *rand.Rand, xs []T) T { return xs[r.IntN(len(xs))] }

// fill appends lines from gen until the builder holds about budget bytes.
func fill(b *strings.Builder, budget int, gen func(i int) string) {
	for i := 0; b.Len() < budget; i++ {
		b.WriteString(gen(i))
	}
}

func goTest(r *rand.Rand, size int) string {
	var b strings.Builder
	pkg := pick(r, pkgs)
	test := "Test" + pick(r, verbs) + pick(r, nouns)
	fill(&b, size-420, func(i int) string {
		name := fmt.Sprintf("%s/case_%03d_%s", test, i, strings.ToLower(pick(r, nouns)))
		return fmt.Sprintf("=== RUN   %s\n--- PASS: %s (0.%02ds)\n", name, name, r.IntN(40))
	})
	line := 20 + r.IntN(300)
	fmt.Fprintf(&b, "=== RUN   %s/edge_case_unicode\n", test)
	fmt.Fprintf(&b, "    %s_test.go:%d: %s(%q) = %d, want %d\n", pkg, line, strings.TrimPrefix(test, "Test"), "naïve-ß", r.IntN(9), 9+r.IntN(9))
	fmt.Fprintf(&b, "--- FAIL: %s/edge_case_unicode (0.%02ds)\n", test, r.IntN(90))
	fmt.Fprintf(&b, "--- FAIL: %s (%d.%03ds)\n", test, r.IntN(3), r.IntN(1000))
	fmt.Fprintf(&b, "FAIL\nexit status 1\nFAIL\tgithub.com/acme/platform/internal/%s\t%d.%03ds\n", pkg, 1+r.IntN(9), r.IntN(1000))
	return b.String()
}

func pytest(r *rand.Rand, size int) string {
	var b strings.Builder
	mod := pick(r, pkgs)
	fmt.Fprintf(&b, "============================= test session starts ==============================\nplatform linux -- Python 3.12.%d, pytest-8.3.%d, pluggy-1.5.0\nrootdir: /home/ci/work/%s\ncollected %d items\n\n", r.IntN(9), r.IntN(5), mod, 200+r.IntN(300))
	total := 0
	fill(&b, size-700, func(i int) string {
		total++
		return fmt.Sprintf("tests/test_%s.py::test_%s_%s[case-%d] PASSED%*s[%3d%%]\n", mod,
			strings.ToLower(pick(r, verbs)), strings.ToLower(pick(r, nouns)), i, 4+r.IntN(8), "", min(99, i/3))
	})
	fn := "test_" + strings.ToLower(pick(r, verbs)) + "_rejects_expired"
	want, got := pick(r, []int{200, 201, 204}), pick(r, []int{400, 401, 403, 404, 409, 422, 500, 503})
	fmt.Fprintf(&b, "tests/test_%s.py::%s FAILED%*s[100%%]\n\n", mod, fn, 8, "")
	fmt.Fprintf(&b, "=================================== FAILURES ===================================\n___________________________ %s ___________________________\n\n", fn)
	fmt.Fprintf(&b, "    def %s(client):\n        resp = client.get(\"/v1/%s/%d\")\n>       assert resp.status_code == %d\nE       assert %d == %d\nE        +  where %d = <Response [%d]>.status_code\n\n", fn, mod, r.IntN(1e5), want, got, want, got, got)
	fmt.Fprintf(&b, "tests/test_%s.py:%d: AssertionError\n=========================== short test summary info ============================\n", mod, 10+r.IntN(400))
	fmt.Fprintf(&b, "FAILED tests/test_%s.py::%s - assert %d == %d\n========================= 1 failed, %d passed in %d.%02ds =========================\n", mod, fn, got, want, total, r.IntN(60), r.IntN(100))
	return b.String()
}

func cargo(r *rand.Rand, size int) string {
	var b strings.Builder
	fill(&b, size-600, func(i int) string {
		return fmt.Sprintf("   Compiling %s v%d.%d.%d\n", pick(r, crate), r.IntN(2), r.IntN(40), r.IntN(200))
	})
	file := "src/" + pick(r, pkgs) + ".rs"
	line, col := 10+r.IntN(500), 5+r.IntN(40)
	fmt.Fprintf(&b, "   Compiling acme-%s v0.%d.0 (/home/ci/work/acme)\n", pick(r, pkgs), r.IntN(20))
	fmt.Fprintf(&b, "error[E0308]: mismatched types\n  --> %s:%d:%d\n   |\n%d |     let n: u32 = cfg.%s_limit;\n   |            ---   ^^^^^^^^^^^^^ expected `u32`, found `usize`\n   |            |\n   |            expected due to this\n\n", file, line, col, line, strings.ToLower(pick(r, nouns)))
	fmt.Fprintf(&b, "warning: unused variable: `%s`\n  --> %s:%d:9\n\nFor more information about this error, try `rustc --explain E0308`.\nerror: could not compile `acme` (bin \"acme\") due to 1 previous error; 1 warning emitted\n", strings.ToLower(pick(r, nouns)), file, line+3)
	return b.String()
}

func tsc(r *rand.Rand, size int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "> acme-web@%d.%d.%d build\n> tsc --noEmit && webpack --mode production\n\n", r.IntN(5), r.IntN(30), r.IntN(20))
	fill(&b, size-520, func(i int) string {
		return fmt.Sprintf("asset %s.%08x.js %d KiB [emitted] [minimized] (name: %s)\n", strings.ToLower(pick(r, nouns)), r.Uint32(), 1+r.IntN(900), strings.ToLower(pick(r, pkgs)))
	})
	comp := pick(r, nouns)
	fmt.Fprintf(&b, "src/components/%s/%sView.tsx(%d,%d): error TS2322: Type 'string | undefined' is not assignable to type 'string'.\n", comp, comp, 10+r.IntN(300), 3+r.IntN(30))
	fmt.Fprintf(&b, "  Type 'undefined' is not assignable to type 'string'.\nwebpack %d.%d.%d compiled with 1 error in %d ms\nnpm ERR! code ELIFECYCLE\nnpm ERR! errno 2\nnpm ERR! acme-web build: `tsc --noEmit && webpack --mode production`\nnpm ERR! Exit status 2\n", 5, 80+r.IntN(20), r.IntN(9), 2000+r.IntN(20000))
	return b.String()
}

func serviceLog(r *rand.Rand, size int) string {
	var b strings.Builder
	sec := r.IntN(3600)
	methods := []string{"GET", "GET", "GET", "POST", "PUT", "DELETE"}
	fill(&b, size-380, func(i int) string {
		sec += r.IntN(3)
		return fmt.Sprintf("2025-03-14T%02d:%02d:%02d.%03dZ INFO  http request method=%s path=/api/v1/%s/%d status=%d latency=%dms req_id=%08x\n",
			10+sec/3600, sec/60%60, sec%60, r.IntN(1000), pick(r, methods), pick(r, pkgs), r.IntN(1e5), pick(r, []int{200, 200, 200, 201, 204, 304}), 1+r.IntN(80), r.Uint32())
	})
	ip := fmt.Sprintf("10.0.%d.%d", r.IntN(255), 1+r.IntN(254))
	fmt.Fprintf(&b, "2025-03-14T%02d:%02d:%02d.%03dZ ERROR db pool: failed to connect to postgres: dial tcp %s:5432: connect: connection refused attempt=%d\n", 10+sec/3600, sec/60%60, sec%60, r.IntN(1000), ip, 1+r.IntN(5))
	fmt.Fprintf(&b, "2025-03-14T%02d:%02d:%02d.%03dZ FATAL shutting down: health check failed 3 times in a row\n", 10+sec/3600, sec/60%60, (sec+1)%60, r.IntN(1000))
	return b.String()
}
