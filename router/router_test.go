package router

import (
	"bytes"
	"flag"
	"github.com/kompress/kompress/internal/toolline"
	"hash/maphash"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/kompress/kompress/internal/ansi"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata/golden/router")

const samplesDir = "../testdata/samples"

type sample struct {
	name string // kind/name
	want Kind
	data []byte
}

// samples loads every testdata/samples/<kind>/<name>.txt; the directory is
// the expected kind.
func samples(tb testing.TB) []sample {
	tb.Helper()
	paths, err := filepath.Glob(filepath.Join(samplesDir, "*", "*.txt"))
	if err != nil {
		tb.Fatal(err)
	}
	if len(paths) == 0 {
		tb.Fatal("no samples under " + samplesDir)
	}
	var out []sample
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			tb.Fatal(err)
		}
		kind := filepath.Base(filepath.Dir(p))
		out = append(out, sample{name: kind + "/" + strings.TrimSuffix(filepath.Base(p), ".txt"), want: Kind(kind), data: data})
	}
	return out
}

func TestDetectSamples(t *testing.T) {
	for _, s := range samples(t) {
		t.Run(s.name, func(t *testing.T) {
			if got := Detect(s.data); got != s.want {
				t.Errorf("Detect = %s, want %s; sections:\n%s", got, s.want, describe(s.data, Split(s.data)))
			}
		})
	}
}

// describe prints sections with their first line, for failure messages and
// golden files.
func describe(b []byte, secs []Section) string {
	var sb strings.Builder
	for _, s := range secs {
		first := b[s.Start:s.End]
		if i := bytes.IndexByte(first, '\n'); i >= 0 {
			first = first[:i]
		}
		if len(first) > 60 {
			first = first[:60]
		}
		lines := bytes.Count(b[s.Start:s.End], []byte{'\n'})
		sb.WriteString(string(s.Kind) + " " + itoa(s.Start) + "-" + itoa(s.End) + " (" + itoa(lines) + " lines) " + strings.ToValidUTF8(string(ansi.Strip(first)), "?") + "\n")
	}
	return sb.String()
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var buf [20]byte
	i := len(buf)
	neg := n < 0
	if neg {
		n = -n
	}
	for n > 0 {
		i--
		buf[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		buf[i] = '-'
	}
	return string(buf[i:])
}

func TestDetectCases(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want Kind
	}{
		{"empty", "", Empty},
		{"whitespace", " \n\t\n", Empty},
		{"nul", "abc\x00def\n", Binary},
		{"invalid utf8", "caf\xe9 au lait\n", Binary},
		{"nginx access log", strings.Repeat("127.0.0.1 - - [01/Dec/2026:15:40:16 +0000] \"GET /index.html HTTP/1.1\" 200 3 \"-\" \"agent/1\"\n", 6) +
			"127.0.0.1 - - [01/Dec/2026:15:40:17 +0000] \"GET /api/orders/7 HTTP/1.1\" 502 157 \"-\" \"agent/1\"\n", Log},
		{"cppcheck quoting source", strings.Repeat("cpp/buf.c:6:42: error: Array 'q[10]' accessed at index 10, which is out of bounds. [arrayIndexOutOfBounds]\n"+
			"void leak(void) { char *q = malloc(10); q[10] = 0; }\n"+
			"                                         ^\n", 4), Log},
		{"erlang supervisor report", "=SUPERVISOR REPORT==== 1-Dec-2026::15:36:30.001451 ===\n    supervisor: {local,sup}\n    errorContext: child_terminated\n" +
			"    reason: {{bad_state,3,#{conn => undefined}},\n             [{sup,worker_loop,1,[{file,\"sup.erl\"},{line,10}]}]}\n" +
			"    offender: [{pid,<0.82.0>},\n               {id,{w,3}},\n               {mfargs,{sup,worker_start,[3]}},\n               {restart_type,permanent}]\n", Log},
		{"one bad byte in a log", strings.Repeat("2026-01-02 10:00:00 INFO worker: processing order=12 items=3\n", 30) +
			"2026-01-02 10:00:01 INFO worker: customer=Jos\xe9\n", Log},
		// perf report's first entry, whose call graph is most of its lines.
		{"perf report call graph", "# Samples: 105  of event 'cpu-clock:ppp'\n#\n# Children      Self  Command  Shared Object  Symbol\n" +
			"    64.76%     0.00%  prof     [unknown]      [.] 0x001b01f4001927e1\n            |\n            ---0x1b01f4001927e1\n" +
			strings.Repeat("               |          \n               |--43.81%--main\n               |          |          \n"+
				"               |           --0.95%--asm_sysvec_apic_timer_interrupt\n", 4) +
			"    44.76%    43.81%  prof     prof           [.] main\n", Table},
		// git diff --cc during a merge: the '+ text' lines of a combined
		// hunk are the hunk's, not sh -x traces.
		{"combined diff", strings.Repeat("diff --cc cart.py\nindex 434138a,7f6dd47..0000000\n--- a/cart.py\n+++ b/cart.py\n"+
			"@@@ -3,4 -3,6 +3,12 @@@ def total(items)\n  \n  \n  def tax(x):\n++<<<<<<< HEAD\n +    return x * 0.21\n++=======\n"+
			"+     rate = 0.23\n+     log.debug(rate)\n+     return x * rate\n++>>>>>>> feature\n", 3), Diff},
		// tape's TAP: each assertion "ok N message" with no dash, under
		// the test's "# name" comment.
		{"tape", "TAP version 13\n" + strings.Repeat("# total 1\nok 2 total of 1 x 2\n", 40) + "# find\nnot ok 3 should be deeply equivalent\n" +
			"  ---\n    operator: deepEqual\n    expected: |-\n      { sku: 'a', qty: 2 }\n  ...\n# total 2\nok 4 total of 2 x 2\n\n1..4\n# tests 4\n# pass  3\n# fail  1\n", Log},
		// markdownlint-cli2's rows, most without a column, read as grep -n
		// hits of the word "error" but are a linter's findings.
		{"markdownlint-cli2", "Summary: 4 error(s)\nREADME.md:1 error MD041/first-line-heading/first-line-h1 First line in a file should be a top-level heading\n" +
			"README.md:11 error MD012/no-multiple-blanks Multiple consecutive blank lines [Expected: 1; Actual: 2]\n" +
			"README.md:29:81 error MD013/line-length Line length [Expected: 80; Actual: 120]\ndocs/a.md:7 warning MD033/no-inline-html Inline HTML [Element: div]\n", Log},
		{"grep -n of error words", "a/b.go:12: error MD041 is a heading rule\na/b.go:40:\treturn errors.New(\"MD041\")\nc/d.go:3:error MD041/x\n", Search},
		{"grep -n", "a/b.go:12:func x() {}\na/b.go:40:\treturn nil\nc/d.go:3:package d\n", Search},
		{"grep context", "a/b.go-11-// x\na/b.go:12:func x() {}\na/b.go-13-}\n--\nc/d.go-2-\nc/d.go:3:package d\n", Search},
		{"rg heading", "a/b.go\n12:func x() {}\n40:\treturn nil\n\nc/d.go\n3:package d\n", Search},
		{"rg -l", "a/b.go\nc/d.go\ne/f/g.py\n", Search},
		{"windows paths", "C:\\src\\a.go:12:func x() {}\nC:\\src\\b.go:7:var y = 1\nC:\\src\\b.go:9:var z = 2\n", Search},
		{"go test -json", `{"Time":"2024-01-01T00:00:00Z","Action":"run","Package":"p","Test":"TestA"}` + "\n" +
			`{"Time":"2024-01-01T00:00:00Z","Action":"fail","Package":"p","Test":"TestA","Elapsed":0}` + "\n", Log},
		{"jsonl", "{\"a\":1}\n{\"a\":2}\n{\"a\":3}\n", JSON},
		{"concatenated", "{\n  \"a\": 1\n}\n{\n  \"a\": 2\n}\n", JSON},
		{"array truncated", "[\n  {\"name\": \"x\", \"v\": 1},\n  {\"name\": \"y\", \"v\": 2},\n  {\"name\": \"z\",", JSON},
		{"csv", "user,uid,gid\nroot,0,0\ndaemon,1,1\nbin,2,2\n", Table},
		{"tsv", "pkg\tversion\tsize\nadduser\t3.134\t686\napt\t2.6.1\t4308\n", Table},
		{"unified diff", "--- a/x.go\n+++ b/x.go\n@@ -1,3 +1,3 @@\n package x\n-var a = 1\n+var a = 2\n \n", Diff},
		{"git log without patches", "commit 65396ba0e1c2d3f4a5b6c7d8e9f00112233445566\nAuthor: Dev <dev@example.com>\nDate:   Sun Nov 29 13:45:00 2026 +0000\n\n    router: package doc\n\ncommit 03c1dd2a1b2c3d4e5f60718293a4b5c6d7e8f9012\nAuthor: Dev <dev@example.com>\nDate:   Sun Nov 29 13:40:00 2026 +0000\n\n    router: faster\n", Log},
		{"git log --stat", "commit 65396ba0e1c2d3f4a5b6c7d8e9f00112233445566\nAuthor: Dev <dev@example.com>\nDate:   Sun Nov 29 13:45:00 2026 +0000\n\n    router: package doc\n\n router/kind.go | 4 ++--\n 1 file changed, 2 insertions(+), 2 deletions(-)\n\n" +
			"commit 03c1dd2a1b2c3d4e5f60718293a4b5c6d7e8f9012\nAuthor: Dev <dev@example.com>\nDate:   Sun Nov 29 13:40:00 2026 +0000\n\n    router: faster\n\n router/split.go | 12 +++++++-----\n 1 file changed, 7 insertions(+), 5 deletions(-)\n", Log},
		{"git log --oneline", "5fdac2d (HEAD -> master) Merge pull request #490 from someone/docs-release-process\n" +
			"9ba8488 docs: update the release process as the maintainers asked in review, with the steps spelled out\n" +
			"dca783a (tag: v1.0.10) Merge pull request #488 from someone/docs-sortflags-example\n" +
			"d299f4e docs: clarify the SortFlags example with a complete program that can be run as it is\n", Log},
		{"git blame", strings.Repeat("575f5149 (Dev One 2026-11-29 13:48:16 +0000  9) package failure\n", 3) +
			"a1b2c3d4 (Dev Two 2026-11-30 09:00:00 +0000 10) func Lines(b []byte) int {\n", Code},
		{"git show --stat", "commit 65396ba0e1c2d3f4a5b6c7d8e9f00112233445566\nAuthor: Dev <dev@example.com>\nDate:   Sun Nov 29 13:45:00 2026 +0000\n\n    router: package doc\n\n router/kind.go | 4 ++--\n 1 file changed, 2 insertions(+), 2 deletions(-)\n", Diff},
		{"git show", "commit 65396ba0e1c2d3f4a5b6c7d8e9f00112233445566\nAuthor: Dev <dev@example.com>\nDate:   Sun Nov 29 13:45:00 2026 +0000\n\n    fix\n\ndiff --git a/x.go b/x.go\n--- a/x.go\n+++ b/x.go\n@@ -1 +1 @@\n-a\n+b\n", Diff},
		{"dpkg -s record", "Package: bash\nStatus: install ok installed\nPre-Depends: libc6 (>= 2.36), libtinfo6 (>= 6)\nDescription: GNU Bourne Again SHell\n Bash is an sh-compatible command language interpreter that executes\n commands read from the standard input or from a file.\n .\n Bash also incorporates useful features from the Korn and C shells.\nHomepage: http://tiswww.case.edu/php/chet/bash/bashtop.html\n", Log},
		{"apt-cache policy", "bash:\n  Installed: 5.2.15-2+b8\n  Candidate: 5.2.15-2+b13\n  Version table:\n     5.2.15-2+b13 500\n        500 http://deb.debian.org/debian bookworm/main amd64 Packages\n *** 5.2.15-2+b8 100\n        100 /var/lib/dpkg/status\n", Log},
		{"fields with keys of words", "The Meson build system\nVersion: 1.0.1\nSource dir: /src/thumbs\nBuild type: native build\n" +
			"C compiler for the host machine: cc (gcc 12.2.0)\nProgram thumbgen found: NO\n", Log},
		{"tab-indented fields", "Command exited with non-zero status 3\n\tCommand being timed: \"python3 x.py\"\n\tUser time (seconds): 0.20\n" +
			"\tElapsed (wall clock) time (h:mm:ss or m:ss): 0:00.24\n\tMaximum resident set size (kbytes): 9560\n\tExit status: 3\n", Log},
		{"sysctl", "vm.admin_reserve_kbytes = 8192\nvm.compact_unevictable_allowed = 1\nvm.dirty_background_ratio = 10\nvm.swappiness = 60\n", Log},
		{"configure", "checking for gcc... gcc\nchecking whether the C compiler works... yes\nchecking for suffix of executables... \n" +
			"checking whether we are cross compiling... no\nchecking for gcc option to enable C11 features... none needed\n" +
			"configure: error: libfrobnicate is required\n", Log},
		{"lisp backtrace", "Unhandled TYPE-ERROR in thread #<SB-THREAD:THREAD \"main thread\" RUNNING {1001348003}>:\n  The value\n    \"4\"\n  is not of type\n    NUMBER\n\n" +
			"Backtrace for: #<SB-THREAD:THREAD \"main thread\" RUNNING {1001348003}>\n0: (SB-KERNEL:TWO-ARG-+ 6 \"4\")\n1: (+ 6 \"4\")\n" +
			"2: (REDUCE #<FUNCTION +> (1 2 3 \"4\"))\n3: (MEAN (1 2 3 \"4\"))\n4: (SB-INT:SIMPLE-EVAL-IN-LEXENV (VARIANCE (QUOTE (1 2 3 \"4\"))) #<NULL-LEXENV>)\n", Log},
		{"apropos", "pthread_attr_destroy (3) - initialize and destroy thread attributes object\n" +
			"pthread_attr_getaffinity_np (3) - set/get CPU affinity attribute in thread at...\n" +
			"pthread_cancel (3)   - send a cancellation request to a thread\npthread_create (3)   - create a new thread\n", Table},
		{"apt-cache search", "libdbi-perl - Perl Database Interface (DBI)\nlibdbd-sqlite3-perl - Perl DBI driver with a self-contained RDBMS\n" +
			"libjson-perl - module for manipulating JSON-formatted data\nlibwww-perl - simple and consistent interface to the world-wide web\n", Table},
		{"file", "/etc/PackageKit:             directory\n/etc/adduser.conf:           ASCII text\n" +
			"/etc/alternatives:           directory\n/etc/bash.bashrc:            ASCII text, with very long lines (345)\n" +
			"/etc/localtime:              symbolic link to /usr/share/zoneinfo/Etc/UTC\n", Table},
		{"mysql \\G", "*************************** 1. row ***************************\n           id: 1\n  select_type: SIMPLE\n        table: c\n" +
			"possible_keys: PRIMARY\n         rows: 300\n        Extra: Using where; Using temporary; Using filesort\n" +
			"*************************** 2. row ***************************\n       Table: orders\nCreate Table: CREATE TABLE `orders` (\n" +
			"  `id` int(11) NOT NULL AUTO_INCREMENT,\n  PRIMARY KEY (`id`)\n) ENGINE=InnoDB DEFAULT CHARSET=latin1 COLLATE=latin1_swedish_ci\n", Table},
		{"uniq -c", "   2092 gz\n    833 copyright\n    542 txt\n     97 html\n     41 Debian\n     12 README\n      3 NEWS\n", Table},
		{"cat -n is no count", "     1\tpackage main\n     2\t\n     3\timport \"fmt\"\n     4\t\n     5\tfunc main() {\n     6\t\tfmt.Println(\"hi\")\n     7\t}\n", Code},
		{"systemctl show", "Type=simple\nRestart=no\nNotifyAccess=none\nTimeoutStartUSec=1min 30s\nExecMainPID=812\n", Log},
		{"git config -l", "user.name=Dev One\ncore.bare=false\nremote.origin.url=https://example.com/x.git\nbranch.main.remote=origin\n", Log},
		{"go struct literal", "\tsrv := &http.Server{\n\t\tAddr:    \":8080\",\n\t\tHandler: mux,\n\t\tReadTimeout: 5 * time.Second,\n\t}\n", Code},
		{"html", "<!DOCTYPE html>\n<html><body>\n<p>Hello there, this is text.</p>\n</body></html>\n", HTML},
		{"nm", "0000000000000000 A CXXABI_1.3\n00000000000b86b0 T std::ios_base::failure::what() const@@GLIBCXX_3.4\n                 U strncmp@GLIBC_2.2.5\n0000000000043f20 T SSL_CTX_new@@OPENSSL_3.0.0\n", Table},
		{"junit xml", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n<testsuite name=\"a\" tests=\"2\" failures=\"1\">\n  <testcase name=\"x\"/>\n  <testcase name=\"y\"><failure message=\"boom\"/></testcase>\n</testsuite>\n</testsuites>\n", Log},
		{"junit xml, no declaration", "<testsuite name=\"deploy.bats\" tests=\"1\">\n  <testcase name=\"x\"/>\n</testsuite>\n\n", Log},
		{"rg -c", "crypto/aes/aes.go:2\ncrypto/aes/aes_test.go:13\ncrypto/cipher/cbc.go:9\ncrypto/cipher/gcm.go:21\n", Search},
		{"key value counts not search", "Retries: 3\nWorkers: 12\nStarted at 12:30\nTimeout: 30\n", Prose},
		{"table with dashed names", "NAME                      READY   STATUS    AGE\nkworker/R-sync_-5-7f9c5   1/1     Running   1h\nkworker/R-kvfre-6-7f9c6   1/1     Error     1h\nmigration/0-18-7f9c18     1/1     Running   1h\n", Table},
		{"csv quoted", "name,summary,depends\nadduser,add and remove users,passwd\nbash,\"GNU Bourne Again SHell, \"\"bash\"\"\",\"base-files, debianutils\"\nsed,\"stream\neditor\",libc6\n", Table},
		{"yaml", "name: Go\non:\n  push:\n    branches: [main]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: go test ./...\n", Code},
		{"toml", "[package]\nname = \"x\"\nversion = \"0.1.0\"\n\n[dependencies]\nserde = \"1\"\n", Code},
		{"markdown list", "Notes:\n\n- the first item, with words\n- a second item: more words here\n  - nested: under it\n- third item\n", Prose},
		{"go build -v", "internal/goarch\ninternal/abi\nruntime\nerrors\ngolang.org/x/text/unicode/norm\n", Log},
		{"find dirs", "./cmd\n./cmd/kompress\n./router\n./testdata/samples\n", Search},
		{"dmesg", "[    0.000000] Linux version 6.1.0 (gcc 12.2.0) #1 SMP\n[    1.234567] virtio_blk virtio1: [vda] 536870912 512-byte logical blocks (275 GB/256 GiB)\n[   12.500001] EXT4-fs (vda): mounted filesystem with ordered data mode. Quota mode: none.\n", Log},
		{"dmesg -T", "[Sun Nov 29 13:27:57 2026] Linux version 6.1.0 (gcc 12.2.0) #1 SMP\n[Mon Nov  9 13:27:58 2026] virtio_blk virtio1: [vda] 536870912 512-byte logical blocks (275 GB/256 GiB)\n", Log},
		{"journalctl", "-- Boot 3f2a9c1e8b7d4c2a --\nNov 29 13:27:57 host systemd[1]: Started the daemon that keeps the clock in step with the network.\nNov 29 13:27:58 host sshd[812]: Server listening on 0.0.0.0 port 22 and waiting for connections.\n", Log},
		{"journalctl short-monotonic", "[    2.104411] host kernel: Freeing unused kernel image memory and starting the init process now.\n[    3.981002] host systemd[1]: Reached target the basic system that everything else needs.\n", Log},
		{"bracketed numbers are not stamps", "[1.2] See the section on routing for the reasons behind this choice of words.\n[2] The second note explains how the scanner reads every line only once.\n", Prose},
		{"one sentence repeated is no table", "Checked the module in src/alpha.go and found it clean\nChecked the module in src/beta.go and found it clean\nChecked the module in src/gamma.go and found it clean\nChecked the module in src/delta.go and found it clean\n", Prose},
		// Excerpts of real outputs whose whole samples other packages' tests
		// cannot take yet (see the commit message).
		{"gpg lines", "gpg: Signature made Wed Dec  2 15:52:12 2026 UTC\ngpg:                using RSA key E3E4C22F96ECF0744275B25FD987EEEF41BE28BA\ngpg: Good signature from \"Route Sample <route@example.invalid>\" [unknown]\ngpg: WARNING: This key is not certified with a trusted signature!\ngpg:          There is no indication that the signature belongs to the owner.\n", Log},
		{"tcl errorInfo", "row 39,39\ndivide by zero\n    while executing\n\"expr {[lindex $parts 0] / [lindex $parts 1]}\"\n    (procedure \"parse\" line 3)\n    invoked from within\n\"parse $r\"\n    (procedure \"total\" line 5)\n    invoked from within\n\"total $rows\"\n", Log},
		{"g++ required from", "/usr/include/c++/12/bits/stl_algo.h: In instantiation of ‘void std::__sort(_RandomAccessIterator, _RandomAccessIterator, _Compare)’:\n/usr/include/c++/12/bits/stl_algo.h:4820:18:   required from ‘void std::sort(_RAIter, _RAIter) [with _RAIter = _List_iterator<int>]’\nm.cpp:13:14:   required from here\n/usr/include/c++/12/bits/stl_algo.h:1950:50: error: no match for ‘operator-’\n", Log},
		{"lslogins padded fields", "Username:                           root\nUID:                                0\nGecos field:                        root\nHome directory:                     /root\nShell:                              /bin/bash\nPassword is locked:                 no\n", Log},
		{"bandit issues", "[main]\tINFO\tprofile include tests: None\n[main]\tINFO\trunning on Python 3.11.2\nRun started:2026-12-02 16:11:36.093195\n\nTest results:\n>> Issue: [B306:blacklist] Use of insecure and deprecated function (mktemp).\n   Severity: Medium   Confidence: High\n   Location: ./server.py:7\n   More Info: https://bandit.readthedocs.io/en/latest/blacklists/blacklist_calls.html#b306-mktemp-q\n6\tdef tmp():\n7\t    return open(tempfile.mktemp(), \"w\")\n8\t\n\n--------------------------------------------------\n>> Issue: [B605:start_process_with_a_shell] Starting a process with a shell, possible injection detected, security issue.\n   Severity: High   Confidence: High\n   Location: ./server.py:10\n   More Info: https://bandit.readthedocs.io/en/latest/plugins/b605_start_process_with_a_shell.html\n9\tdef cleanup(name):\n10\t    os.system(\"rm -rf /tmp/\" + name)\n11\t\n", Log},
		{"tsv with an id column stays a table", "1\talpha\n2\tbeta\n3\tgamma\n4\tdelta\n", Table},
		{"clock-stamped log stays log", "12:00:01 INFO starting the server on port 8080\n12:00:02 INFO loaded 12 routes from the config\n12:00:03 WARN cache is cold, warming it up now\n", Log},
		{"find errors inside its list", "/etc/a.conf\n/etc/b.conf\n/etc/c.conf\n/etc/d.conf\n/etc/e.conf\n/etc/f.conf\n/etc/g.conf\n/etc/h.conf\n/etc/i.conf\n/etc/j.conf\nfind: ‘/etc/x’: Permission denied\nfind: ‘/etc/y’: Permission denied\nfind: ‘/etc/z’: Permission denied\nfind: ‘/etc/w’: Permission denied\n/etc/k.conf\n/etc/l.conf\n/etc/m.conf\n/etc/n.conf\n/etc/o.conf\n/etc/p.conf\n", Search},
		{"a lone padded summary field is no record", "Residual standard error: 1.011 on 197 degrees of freedom\nMultiple R-squared:  0.005887\nF-statistic: 0.5833 on 2 and 197 DF\n", Table},
		{"sh -x trace is no branch list", "+ cd /src\n+ make -j4 all\n+ ./run-tests --verbose\n", Log},
		{"free -m", "               total        used        free      shared  buff/cache   available\nMem:           23540         628       14634           4        8913       22911\nSwap:              0           0           0\n", Table},
		{"htmlhint", "   docs/p5.html\n      L3 |<div id=\"a\"><p class=foo>hi</div>\n          ^ Tag must be paired, missing: [ </p> ], start tag match failed [ <p class=foo> ] on line 3. (tag-pair)\n      L4 |<UL><li>one</UL>\n          ^ The html element name of [ UL ] must be in lowercase. (tagname-lowercase)\n", Log},
		{"ldd", "/usr/bin/jq:\n\tlinux-vdso.so.1 (0x00007ffd1b9f6000)\n\tlibjq.so.1 => /lib/x86_64-linux-gnu/libjq.so.1 (0x00007f2a1c9a0000)\n\tlibc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x00007f2a1c7bf000)\n\t/lib64/ld-linux-x86-64.so.2 (0x00007f2a1ca0e000)\n", Table},
		{"gofmt -d", "diff a.go.orig a.go\n--- a.go.orig\n+++ a.go\n@@ -1,3 +1,3 @@\n package a\n-var x=1\n+var x = 1\n \n", Diff},
		{"psql one-column json", "  QUERY PLAN  \n--------------\n [           +\n   {         +\n     \"a\": 1 +\n   }         +\n ]\n(1 row)\n\n", JSON},
		{"psql one-column text", "  QUERY PLAN  \n--------------\n Seq Scan on t  (cost=0.00..1.01 rows=1 width=4)\n(1 row)\n\n", Log},
		{"log then json", "# example.com/x\nx.go:3:2: undefined: y\nx.go:4:2: undefined: z\n{\n  \"ImportPath\": \"example.com/x\",\n  \"Name\": \"x\",\n  \"Dir\": \"/tmp/x\"\n}\n", Mixed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := []byte(tt.in)
			if got := Detect(in); got != tt.want {
				t.Errorf("Detect = %s, want %s; sections:\n%s", got, tt.want, describe(in, Split(in)))
			}
			checkCover(t, in, Split(in))
		})
	}
}

// checkCover fails unless secs cover b in order without gaps or overlap.
func checkCover(t testing.TB, b []byte, secs []Section) {
	t.Helper()
	if len(secs) == 0 {
		t.Fatalf("no sections for %d bytes", len(b))
	}
	at := 0
	for i, s := range secs {
		if s.Start != at || s.End < s.Start || s.End > len(b) {
			t.Fatalf("section %d = %+v, want start %d within %d bytes", i, s, at, len(b))
		}
		if len(b) > 0 && s.End == s.Start {
			t.Fatalf("section %d is empty: %+v", i, s)
		}
		if i > 0 && secs[i-1].Kind == s.Kind {
			t.Fatalf("sections %d and %d both %s", i-1, i, s.Kind)
		}
		if i > 0 && b[s.Start-1] != '\n' {
			t.Fatalf("section %d starts mid-line at %d", i, s.Start)
		}
		at = s.End
	}
	if at != len(b) {
		t.Fatalf("sections end at %d, want %d", at, len(b))
	}
}

func TestSplitGolden(t *testing.T) {
	for _, s := range samples(t) {
		if s.want != Mixed {
			continue
		}
		t.Run(s.name, func(t *testing.T) {
			secs := Split(s.data)
			checkCover(t, s.data, secs)
			got := describe(s.data, secs)
			path := filepath.Join("..", "testdata", "golden", "router", strings.ReplaceAll(s.name, "/", "_")+".golden")
			if *update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./router -run TestSplitGolden -update)", err)
			}
			if got != string(want) {
				t.Errorf("Split sections changed:\ngot:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}

func TestSplitCoversSamples(t *testing.T) {
	for _, s := range samples(t) {
		checkCover(t, s.data, Split(s.data))
	}
}

// TestTestRunnerLines checks the votes for test runner lines that have no
// fixed prefix, and that lines of other kinds which look like them get none.
func TestTestRunnerLines(t *testing.T) {
	tests := []struct {
		line string
		log  bool
	}{
		{"============================= test session starts ==============================", true},
		{"    And I remove \"pear\"         # features/steps/cart_steps.py:9", true},
		{"  Scenario Outline: Totals -- @1.3   # features/cart.feature:21", true},
		{"    Then the cart holds 0 items # None", true},
		{"Then run make # see docs/build.md:12 for why", false},
		{"And the rest # and more", false},
		{"webpack 5.113.0 compiled with 2 errors in 748 ms", true},
		{"./src/api.js + 1 modules 160 bytes [built] [code generated]", true},
		{"    [javac] Compiling 2 source files to /tmp/t4/build", true},
		{"  [10] .gnu.version_r    VERNEED         0000000000400d98  00400d98", false},
		{"line 3 column 32 - Warning: discarding unexpected </td>", true},
		{"<8/290> #<SYSTEM-FUNCTION *> 2", true},
		{"[288] EVAL frame for form (* (CAR I) (PRICE-OF (CDR I) TABLE))", true},
		{"<div>8/290</div>", false},
		{"_____________________________ test_parse_port[0-0] _____________________________", true},
		{"----------------------------- Captured stdout call -----------------------------", true},
		{"!!!!!!!!!!!!!!!!!!!! Interrupted: 1 error during collection !!!!!!!!!!!!!!!!!!!!", true},
		{"test_calc.py::test_mean_const[0] PASSED                                  [  1%]", true},
		{"[gw1] [ 50%] FAILED tests/test_x.py::TestA::test_b", true},
		{"test_calc.py ........................................................... [ 86%]", true},
		{".F..FFFFs                                                                [100%]", true},
		{"E       assert -4.5 >= 0", true},
		{"E         ", true},
		{"test_calc.py:9: ", true},
		{"calc.py:2: ZeroDivisionError", true},
		{"tests/test_cart.py:22: in test_coupons", true},
		{"tests/test_broken.py:1: in <module>", true},
		{"5 failed, 62 passed, 1 skipped in 0.09s", true},
		{"1 passed in 65.32s (0:01:05)", true},
		// biome's code frame under a diagnostic
		{"  > 1 │ function oops( {", true},
		{"    2 │   return 1;", true},
		{"      │          ^^^^", true},
		{"     2    │ - export·function·g0(arr)·{", true},
		{"        2 │ + export·function·_g0(arr)·{", true},
		// systemd-analyze verify
		{"/tmp/sd/web.service:7: Failed to parse service type, ignoring: notifyy", true},
		// cmake --trace
		{"/usr/share/cmake-3.25/Modules/CMakeDetermineCCompiler.cmake(95):  if(CMAKE_C_COMPILER_TARGET )", true},
		{"/tmp/p/CMakeLists.txt(4):  find_package(ZstdQa3 1.5 REQUIRED )", true},
		// miette frames (oxlint, pnpm) and biome's heading
		{"   ,-[src/mod23.js:2:7]", true},
		{"   `----", true},
		{"   ╭─[src/broken.js:2:10]", true},
		{"    ╰────", true},
		{"src/broken.js:1:10 lint/correctness/noUnusedVariables  FIXABLE  ━━━━━━━━━━━━━━━━", true},
		// ctest: aligned columns, but a test log's
		{"      Start  7: case_7", true},
		{" 7/40 Test  #7: case_7 ...........................***Timeout   1.01 sec", true},
		{"12/12 Test #12: parser_roundtrip .................   Passed    0.04 sec", true},
		{"88% tests passed, 5 tests failed out of 40", true},
		// compilers and checkers whose lines have no "path:N:M: " form
		{"    #0 record /src/counter.c:9 (counter+0x12db)", true}, // ThreadSanitizer's frame, no address
		{"    #2 <null> <null> (libc.so.6+0x8e44)", true},
		{"    #0 push /src/queue.c:17:9 (queue+0xd0240) (BuildId: e92ed9f0f2ecb1482879b56293177d4e98af8a84)", true}, // clang's
		{`inventory.pas(28,21) Error: Identifier not found "Totl"`, true},                                           // Free Pascal
		{"/src/ledger.nim(19, 28) Error: type mismatch: got <int, string>", true},
		{`  /src/cart.py:10:32 - error: "stock" is not a known attribute of "None"`, true},   // pyright
		{"billing.py:1:0: C0114: Missing module docstring (missing-module-docstring)", true}, // pylint's column 0
		{"Fatal: Compilation aborted", true},
		{"| * 23903d9 README: peak RSS and CPU on big inputs", true}, // git log --graph --oneline
		{"*   4d70642 Merge branch 'main' into wal", true},
		{"BenchmarkScan-2       	       2	   1650558 ns/op	 509.27 MB/s", true},
		// Not test runner output.
		{"#1 the first item (see foo)", false},
		{"* deadbeefcafe is a hash in a bullet", false},
		{"Benchmarks are measured in ns/op here", false},
		{"the call (item 3) Error handling is next", false},
		{"  - one: 2 - error prone", false},
		{"a.py:3: x = 1", false},
		{"a.py:12:", false},
		{"docs/api.md:40: in the example below the client retries", false},
		{"==================================================", false},
		{"= Title =", false},
		{"> quoted reply", false},
		{"5 failed attempts were logged before the account was locked", false},
		{"see https://example.com/a::b for the PASSED flag", false},
		{"use std::io::Read; // FAILED before", false},
		{"Start 7 engines: ok", false},
		{"3/4 Test of the parser", false},
		{"88% of tests passed", false},
		{",-[ not a frame", false},
		{"/lib/systemd/system/ssh.service:7:ExecStart=/usr/sbin/sshd -D $SSHD_OPTS", false},
		{"see notes.txt(4):  the list below", false},
		{"│ 1 │ Ann │ 2 │", false},
		{"  15 │ Customer 15 │ Lisbon", false},
		{"  │ plain text in a frame", false},
		{"`---- quoted", false},
	}
	for _, tt := range tests {
		if got, _ := classify([]byte(tt.line)); (got == kLog) != tt.log {
			t.Errorf("classify(%q) = %s, want log %v", tt.line, kindOf[got], tt.log)
		}
	}
}

func FuzzSplit(f *testing.F) {
	for _, s := range samples(f) {
		data := s.data
		if len(data) > 4096 {
			data = data[:4096]
		}
		f.Add(data)
	}
	f.Add([]byte("[[[[[[\n[[[[\n{\"a\":"))
	f.Add([]byte("@@ -1,3 +1,2 @@\n-x\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		secs := Split(b)
		checkCover(t, b, secs)
		k := Detect(b)
		if len(secs) == 1 && k != secs[0].Kind || len(secs) > 1 && k != Mixed {
			t.Fatalf("Detect = %s for sections %+v", k, secs)
		}
		toolline.ParseHit(b)
		toolline.ParseHeadingHit(b)
		if s := ansi.Strip(b); len(s) > len(b) {
			t.Fatalf("ansi.Strip grew %d to %d bytes", len(b), len(s))
		}
	})
}

func BenchmarkSplit(b *testing.B) {
	var all [][]byte
	total := 0
	for _, s := range samples(b) {
		all = append(all, s.data)
		total += len(s.data)
	}
	b.SetBytes(int64(total))
	for b.Loop() {
		for _, d := range all {
			Split(d)
		}
	}
	b.ReportMetric(float64(total)*float64(b.N)/b.Elapsed().Seconds()/1e6, "MB/s")
}

// BenchmarkSplitPerKind reports throughput per kind; the issue wants no
// sample under 20 MB/s.
func BenchmarkSplitPerKind(b *testing.B) {
	byKind := map[Kind][][]byte{}
	for _, s := range samples(b) {
		byKind[s.want] = append(byKind[s.want], s.data)
	}
	for _, k := range []Kind{Search, Log, JSON, Table, Code, Diff, HTML, Prose, Mixed} {
		b.Run(string(k), func(b *testing.B) {
			total := 0
			for _, d := range byKind[k] {
				total += len(d)
			}
			b.SetBytes(int64(total))
			for b.Loop() {
				for _, d := range byKind[k] {
					Split(d)
				}
			}
		})
	}
}

// TestAdversarial feeds inputs that would make a careless scanner quadratic
// or panic; each must finish (the test has no timing, but a quadratic scan
// of these would not finish in the test timeout) and cover its input.
func TestAdversarial(t *testing.T) {
	tests := map[string][]byte{
		"open brackets":      bytes.Repeat([]byte("[\n"), 200000),
		"unclosed objects":   bytes.Repeat([]byte("{\"a\": [1, 2, {\"b\":\n"), 20000),
		"deep nesting":       append(bytes.Repeat([]byte("["), 100000), '\n'),
		"html never closed":  bytes.Repeat([]byte("<html>\n<p>x</p>\n"), 50000),
		"huge hunk":          append([]byte("@@ -1,999999999 +1,999999999 @@\n"), bytes.Repeat([]byte(" x\n"), 100000)...),
		"one long line":      bytes.Repeat([]byte("abc:12:def-3-"), 1<<19),
		"colons":             bytes.Repeat([]byte(":1:"), 1<<18),
		"escape storm":       bytes.Repeat([]byte("\x1b[31m\x1b"), 1<<17),
		"carriage returns":   bytes.Repeat([]byte("progress 10%\r"), 1<<16),
		"fences":             bytes.Repeat([]byte("```\n"), 100000),
		"comment never ends": append([]byte("/* start\n"), bytes.Repeat([]byte("int x;\n"), 100000)...),
		"report never ends":  append([]byte("____ test_x ____\n"), bytes.Repeat([]byte(">   x = f(y)\nE   assert 0\n"), 100000)...),
		"long banner":        append(append(bytes.Repeat([]byte("="), 1<<20), " x "...), bytes.Repeat([]byte("="), 1<<20)...),
	}
	for name, in := range tests {
		t.Run(name, func(t *testing.T) {
			checkCover(t, in, Split(in))
		})
	}
}

func TestStripANSICharset(t *testing.T) {
	// tput sgr0 emits ESC ( B before ESC [ m: no stray "B" may remain.
	in := []byte("\x1b[1m\x1b[31m{\"a\": 1}\x1b(B\x1b[m\n")
	if got, want := string(ansi.Strip(in)), "{\"a\": 1}\n"; got != want {
		t.Errorf("ansi.Strip = %q, want %q", got, want)
	}
}

// TestCurlProgressInBody checks that a JSON body with curl -v's progress
// meter written into it (a real transfer, stderr and stdout in one file)
// is one JSON section to its end, which parses once the meter is removed.
func TestCurlProgressInBody(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(samplesDir, "mixed", "curl-v-json-progress.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var json *Section
	secs := Split(b)
	for i := range secs {
		if secs[i].Kind == JSON {
			json = &secs[i]
		}
	}
	if json == nil || json.End != len(b) {
		t.Fatalf("no JSON section to the end:\n%s", describe(b, secs))
	}
	clean, cuts := toolline.CurlUninterleave(b[json.Start:json.End])
	if len(cuts) != 1 || bytes.Contains(clean, []byte("Closing connection")) || bytes.IndexByte(clean, '\r') >= 0 {
		t.Fatalf("cuts %v; progress left in the body", cuts)
	}
	removed := len(b[json.Start:json.End]) - len(clean)
	if want := len("\r100 62573  100 62573    0     0  6341k      0 --:--:-- --:--:-- --:--:-- 6789k\n* Closing connection 0\n"); removed != want {
		t.Errorf("removed %d bytes, want %d", removed, want)
	}
	// The first row, written just before the body's first byte, goes; the
	// brace stays.
	glued := "\r  0     0    0     0    0     0      0      0 --:--:-- --:--:-- --:--:--     0{\n  \"a\": 1\n}\n"
	if c, cuts := toolline.CurlUninterleave([]byte(glued)); len(cuts) != 1 || string(c) != "{\n  \"a\": 1\n}\n" {
		t.Errorf("toolline.CurlUninterleave(%q) = %q, cuts %v", glued, c, cuts)
	}
	// A '\r' that starts no progress row stays.
	if c, cuts := toolline.CurlUninterleave([]byte("{\"a\": \"x\r\"}\r\n")); cuts != nil || string(c) != "{\"a\": \"x\r\"}\r\n" {
		t.Errorf("toolline.CurlUninterleave changed a body without progress rows: %q", c)
	}
}

// TestSplitConcurrent: Split's pooled buffers serve one call at a time;
// calls from many goroutines (as the server makes them) each get the
// sections a call alone gets.
func TestSplitConcurrent(t *testing.T) {
	all := samples(t)
	want := make([][]Section, len(all))
	for i, s := range all {
		want[i] = Split(s.data)
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range all {
				i := (k*7 + g*13) % len(all) // each goroutine in its own order
				if got := Split(all[i].data); !slices.Equal(got, want[i]) {
					t.Errorf("%s: concurrent Split gives %v, alone %v", all[i].name, got, want[i])
				}
			}
		}()
	}
	wg.Wait()
}

// TestLineMemo checks that remembered votes are the votes classifyHit gives,
// with a memo small enough that lines keep replacing each other.
func TestLineMemo(t *testing.T) {
	for _, s := range samples(t) {
		for _, size := range []int{1, 1 << 20} {
			m := newLineMemo(s.data, size, nil)
			hits := 0
			for start := 0; start < len(s.data); {
				end := bytes.IndexByte(s.data[start:], '\n')
				if end < 0 {
					end = len(s.data)
				} else {
					end += start
				}
				line := s.data[start:end]
				f := features(line)
				slot := m.slots[maphash.Bytes(memoSeed, line)&uint64(len(m.slots)-1)]
				if slot.n > 0 && bytes.Equal(s.data[slot.start:int(slot.start)+int(slot.n)], line) {
					hits++
				}
				k, w, p, h := m.classify(line, start, true, f)
				wk, ww, wp, wh := classifyHit(line)
				if k != wk || w != ww || p != wp || h != wh {
					t.Fatalf("%s: memo gives %d %d %v %v for %q, classifyHit %d %d %v %v", s.name, k, w, p, h, line, wk, ww, wp, wh)
				}
				start = end + 1
			}
			if size > 1 && bytes.Count(s.data, []byte("\n}\n")) > 2 && hits == 0 {
				t.Errorf("%s: no line was remembered", s.name)
			}
		}
	}
}

// TestColumnRuleHeader checks that the column names over sqlite3
// -column's dash rule open the table's section: after SQL statements the
// names and the rule were left with the code, and the table summary named
// its columns "--" and "----".
func TestColumnRuleHeader(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "testdata", "samples", "mixed", "sqlite3-schema-then-column.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range Split(b) {
		if s.Kind == Table {
			if !bytes.HasPrefix(b[s.Start:], []byte("id  author        year\n--  ")) {
				t.Errorf("table section starts with %q, want the column names", b[s.Start:min(s.End, s.Start+40)])
			}
			return
		}
	}
	t.Errorf("no table section:\n%s", describe(b, Split(b)))
}
