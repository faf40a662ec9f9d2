package failure

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/kompress/kompress/router"
)

func readSample(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "samples", name+".txt"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func lineSet(lines [][]byte) map[string]bool {
	m := map[string]bool{}
	for _, l := range lines {
		m[string(l)] = true
	}
	return m
}

// TestLinesSamples checks real failing output: every listed failure line is
// found, and every listed non-failure line is not.
func TestLinesSamples(t *testing.T) {
	tests := []struct {
		sample string
		kind   router.Kind
		want   []string
		not    []string
	}{
		// pytest: the statement that failed, '>' in its margin over the
		// "E" lines, is the failure's; the rest of the excerpt is not.
		{"log/pytest-long-excerpt", router.Log, []string{
			">           raise ValueError(f'negative at 24: {v24}')",
			"E           ValueError: negative at 24: -2",
		}, []string{
			"            raise ValueError(f'negative at 23: {v23}')",
		}},
		// Check's verbose results: failed and erred tests report, passed
		// ones do not, whatever the message says.
		{"log/check-fail", router.Log, []string{
			"ck.c:5:F:core:t_sq:9: Assertion 'sq(_i) == _i == 9 ? 80 : _i * _i' failed: sq(_i) == 81, _i == 9 ? 80 : _i * _i == 80",
			"ck.c:8:E:core:t_segv:0: (after this point) Received signal 11 (Segmentation fault)",
			"ck.c:9:F:strings:t_msg:0: length was 3, want 4",
		}, []string{
			"ck.c:5:P:core:t_sq:8: Passed",
		}},
		// jasmine: the numbered title, the message under "Message:" and
		// the first frame with a location under "Stack:".
		{"log/jasmine-many", router.Log, []string{
			"2) pricing rounds price 4",
			"    Expected 0.6000000000000001 to be 0.6.",
			"        at UserContext.<anonymous> (/tmp/qa4/npmp/spec2/many.spec.js:3:90)",
			"        at exports.parse (/tmp/qa4/npmp/lib/calc.js:3:29)",
		}, []string{
			"        at <Jasmine>",
			"        at JSON.parse (<anonymous>)",
			"  Stack:",
		}},
		// rspec: in "Failures:" the titles, expected/got, an exception's
		// message under its name and the frames; the rerun lines after.
		// "Pending:" lists failures that are expected.
		{"log/rspec-doc-big", router.Log, []string{
			"  1) Cart#total sums prices",
			"       expected: 12",
			"            got: 11",
			"       unknown code BOGUS",
			"       undefined method `fetch' for nil:NilClass",
			"     # ./lib/cart.rb:18:in `find'",
			"rspec ./spec/big_spec.rb:32 # Cart#discount rejects bad codes",
		}, []string{
			"  1) Cart#discount pending one",
			"       unknown code FREE",
			"    keeps item 12",
		}},
		// rspec --backtrace: the failing line under each title and the
		// message under it, however it is worded; the library frames are
		// not failure lines.
		{"log/rspec-backtrace-cart", router.Log, []string{
			"     Failure/Error: expect(cart.discount(\"NOPE\")).to eq(0)",
			"       expected ArgumentError with message matching /qty/ but nothing was raised",
			"       expected [] to be a kind of Cart::Item",
			"     Failure/Error: payment.charge(total)",
		}, []string{
			"     # /usr/bin/rspec:4:in `<main>'",
		}},
		// xmllint's validity errors and verdict, bison's warnings in GNU's
		// line.column form, jshint's rows (each an error to jshint).
		{"log/xmllint-schema-catalog", router.Log, []string{
			"catalog.xml:45: element price: Schemas validity error : Element 'price': '12,50' is not a valid value of the atomic type 'xs:decimal'.",
			"catalog.xml fails to validate",
		}, nil},
		{"log/bison-counterexamples", router.Log, []string{
			"calc.y:8.7: warning: empty rule without %empty [-Wempty-rule]",
			"calc.y: warning: 12 shift/reduce conflicts [-Wconflicts-sr]",
		}, nil},
		// rake --trace: the verdict, the exception, the first frame and
		// the Rakefile's own; rake's and Ruby's library frames are not.
		{"log/rake-trace-integer", router.Log, []string{
			"rake aborted!",
			`ArgumentError: invalid value for Integer(): "12x"`,
			"/tmp/my/rk/Rakefile:8:in `Integer'",
			"/tmp/my/rk/Rakefile:8:in `block (2 levels) in <top (required)>'",
		}, []string{
			"/usr/lib/ruby/3.1.0/csv/table.rb:539:in `each'",
			"/usr/lib/ruby/gems/3.1.0/gems/rake-13.0.6/lib/rake/task.rb:281:in `execute'",
			"/usr/bin/rake:25:in `<main>'",
			"Tasks: TOP => default => check => import:prices",
		}},
		// Terraform: each error and the place under it; the detail
		// paragraph below is context. In colour, behind a box's "│ ".
		{"log/terraform-validate-undeclared", router.Log, []string{
			"Error: Call to unknown function",
			"  on main.tf line 25, in output \"upper_region\":",
			"  on modules/net/main.tf line 10, in output \"bad\":",
		}, []string{
			"There is no function named \"uppercase\".",
		}},
		{"log/terraform-validate-color", router.Log, []string{
			"\x1b[31m│\x1b[0m \x1b[0m\x1b[1m\x1b[31mError: \x1b[0m\x1b[0m\x1b[1mInvalid index\x1b[0m",
			"\x1b[31m│\x1b[0m \x1b[0m\x1b[0m  on main.tf line 24, in output \"port\":",
		}, []string{
			"\x1b[31m│\x1b[0m \x1b[0mThe given key does not identify an element in this collection value.",
		}},
		// Perl::Critic: the gravest policies (severity 5) report, the
		// others are advice. ChkTeX's warnings are advice too.
		{"log/perlcritic-severity4-git-pm", router.Log, []string{
			`Git.pm: Two-argument "open" used at line 1643, column 13.  See page 207 of PBP.  (Severity: 5)`,
			"Error.pm: Code before strictures are enabled at line 13, column 1.  See page 429 of PBP.  (Severity: 5)",
		}, []string{
			"Git.pm: Always unpack @_ first at line 155, column 1.  See page 178 of PBP.  (Severity: 4)",
			"Error.pm: Always unpack @_ first at line 46, column 1.  See page 178 of PBP.  (Severity: 4)",
		}},
		{"log/chktex-v0-report", router.Log, nil, []string{
			"report.tex:6:15:9:`]' expected, found `)'.",
		}},
		{"log/chktex-paper-spacing-warnings", router.Log, nil, []string{
			"Warning 26 in paper.tex line 9: You ought to remove spaces in front of punctuation.",
		}},
		// systemd-analyze verify: every finding, "ignoring" or not, and
		// the unit it refuses.
		{"log/systemd-analyze-verify-bad-units", router.Log, []string{
			"/tmp/qa2/sd1/webapp.service:8: Failed to parse service type, ignoring: notifyy",
			"/tmp/qa2/sd1/webapp.service:16: Invalid environment assignment, ignoring: DEBUG",
			"backup.timer: Timer unit lacks value setting. Refusing.",
			"Unit backup.timer has a bad unit file setting.",
		}, nil},
		// R testthat's progress reporter: each failure's heading and its
		// message; checkbashisms' findings are advice.
		{"log/testthat-money-failures", router.Log, []string{
			"Failure ('test-money.R:13'): split_bill rejects zero people",
			`Actual message: "n must be positive"`,
			"Error ('test-money.R:26'): totals by category",
			"[ FAIL 8 | WARN 2 | SKIP 1 | PASS 5 ]",
		}, nil},
		{"log/checkbashisms-deploy-backup-scripts", router.Log, nil, []string{
			"possible bashism in deploy.sh line 4 (should be '.', not 'source'):",
		}},
		// clojure.test: each report's heading, testing context, expected
		// and actual, and under an error the program's first frame.
		{"log/clojure-test-cart-failures", router.Log, []string{
			"FAIL in (coupon-test) (cart_test.clj:26)",
			"fixed coupon never goes negative",
			"  actual: (not (= 0 -2))",
			`  actual: java.lang.NumberFormatException: For input string: " 1"`,
			"    cart_test$parse_line.invokeStatic (cart_test.clj:16)",
		}, []string{
			"    cart_test$parse_line.invoke (cart_test.clj:14)",
			"    clojure.main.main (main.java:40)",
		}},
		// BIND: each zone's errors, the zone file's own lines above the
		// zone that failed to load included; a loaded zone is no failure.
		{"log/named-checkconf-z-zone-load-errors", router.Log, []string{
			"dns_rdata_fromtext: db.example.test:12: near '192.0.2.300': bad dotted quad",
			"db.lab.test:6: unknown RR type '5x'",
			"db.shop.test:9: shop_front.shop.test: bad owner name (check-names)",
			"zone lab.test/IN: not loaded due to errors.",
		}, []string{
			"zone 2.0.192.in-addr.arpa/IN: loaded serial 1",
		}},
		// R CMD check: its ERROR and WARNING steps (a NOTE is none), the
		// failed tests' report under them, the verdict.
		{"log/r-cmd-check-tinystats-codoc-tests", router.Log, []string{
			"* checking Rd files ... WARNING",
			"* checking tests ...",
			"  ── Failure ('test-stats.R:7'): zscore is centred ───────────────────────────────",
			"  zscore(c(5, 5)) not equal to c(0, 0).",
			"Status: 1 ERROR, 4 WARNINGs, 2 NOTEs",
		}, []string{
			"* checking DESCRIPTION meta-information ... NOTE",
			"* checking examples ... OK",
		}},
		// GHDL: a simulation's errors and failures report, its notes and
		// warnings do not.
		{"log/ghdl-run-counter-mismatch", router.Log, []string{
			"tb_counter.vhd:21:9:@16ns:(report error): q mismatch at cycle 1: expected 1 got 2",
			"tb_counter.vhd:26:5:@66ns:(assertion failure): 6 mismatches in counter test",
			"/usr/bin/ghdl-mcode:error: simulation failed",
		}, []string{
			"tb_counter.vhd:19:7:@16ns:(report note): cycle 1 q=2",
			"tb_counter.vhd:25:5:@66ns:(assertion warning): q out of range",
		}},
		// mandoc -T lint: what it cannot render reports, its warnings are
		// findings.
		{"log/mandoc-lint-gnu-man-pages", router.Log, []string{
			"mandoc: grep.1:41:9: UNSUPP: unsupported roff request: do",
		}, []string{
			"mandoc: bash.1:408:2: WARNING: line scope broken: BR breaks SM",
		}},
		// MemorySanitizer: each origin ("created by …", "stored to
		// memory at") and its first frame in the program; the C
		// library's frames and the malloc interceptor are not.
		{"log/msan-origins-sched", router.Log, []string{
			"  Uninitialized value was created by an allocation of 'limit' in the stack frame of function 'main'",
			"    #0 0x55ff12a1c3b0 in main /tmp/my/msan/sched.cpp:18",
			"  Uninitialized value was stored to memory at",
			"    #0 0x55ff12a1d410 in pick_prio(char const*) /tmp/my/msan/sched.cpp:7",
			"    #1 0x55ff12a1c5c3 in main /tmp/my/msan/sched.cpp:19:22",
		}, []string{
			"    #0 0x55ff129c8ca0 in malloc (/tmp/my/msan/sched+0x56ca0) (BuildId: 12e83d97ccb09939ce10c930da48923b9743e965)",
			"    #1 0x7f4fee845249 in __libc_start_call_main csu/../sysdeps/nptl/libc_start_call_main.h:58:16",
		}},
		// Composer: the verdict, each problem and the lines under it.
		{"log/composer-install-unresolvable", router.Log, []string{
			"Your requirements could not be resolved to an installable set of packages.",
			"  Problem 3",
			"    - acme/billing 1.4.0 requires php >=8.3 -> your php version (8.2.36) does not satisfy that requirement.",
		}, []string{
			" - A typo in the package name",
		}},
		// lldb: the stopped thread and its backtrace in the program.
		{"log/lldb-batch-segv-null-pop", router.Log, []string{
			"* thread #1, name = 'queue', stop reason = signal SIGSEGV: invalid address (fault address: 0x28)",
			"  * frame #0: 0x00005555555566a7 queue`Queue::pop(this=0x00007fffffffe680) at queue.cpp:13:45",
			"    frame #2: 0x000055555555649a queue`main at queue.cpp:35:10",
		}, []string{
			"    frame #3: 0x00007ffff7a4524a libc.so.6`__libc_start_call_main(main=(queue`main at queue.cpp:29:12), argc=1, argv=0x00007fffffffe7f8) at libc_start_call_main.h:58:16",
			"(lldb) frame variable",
		}},
		// rollup: its error, the place under it and the stack's cause.
		{"log/rollup-json-import-without-plugin", router.Log, []string{
			"src/config.json (1:10)",
			"  [cause] RollupError: Expected ';', '}' or <eof>",
		}, []string{
			"(!) Unresolved dependencies",
		}},
		{"log/jshint-legacy", router.Log, []string{
			"js/legacy.js: line 19, col 20, Duplicate key 'a'.",
			"24 errors",
		}, nil},
		// Dart Sass: each error and the place under its excerpt; the
		// deprecation warnings are not failures.
		{"log/sass-undefined", router.Log, []string{
			"Error: Undefined variable.",
			"  styles/main.scss 4:16  root stylesheet",
			"  styles/theme.scss 3:6  root stylesheet",
		}, []string{
			"    styles/main.scss 1:9  root stylesheet",
		}},
		{"log/gtest-fail", router.Log, []string{
			"gt.cc:10: Failure",
			"[  FAILED  ] Parse.Vector (0 ms)",
			"[  FAILED  ] Many/PortTest.RoundTrip/16, where GetParam() = 17 (0 ms)",
		}, []string{
			"[       OK ] Many/PortTest.RoundTrip/15 (0 ms)",
		}},
		// gcc -fanalyzer: the last event of each warning's path says what
		// went wrong; the events before it, also at the end of a called
		// function's part, are the way there.
		{"log/gcc-fanalyzer", router.Log, []string{
			"an.c:17:5: warning: double-‘free’ of ‘n’ [CWE-415] [-Wanalyzer-double-free]",
			"    |      |     (12) second ‘free’ here; first ‘free’ was at (11)",
			"    |      |        |           (5) use after ‘free’ of ‘q’; freed at (2)",
		}, []string{
			"    |      |               (4) calling ‘dup_name’ from ‘parse’",
			"           |      |     (7) assuming ‘p’ is non-NULL",
			"    |      |     (11) first ‘free’ here",
		}},
		// doctest: a failed example with what it expected and what it
		// got; the examples that passed are not failures.
		{"log/python-doctest-v-big", router.Log, []string{
			"Failed example:",
			"    sq37(37)",
			"Got:",
			"    1369",
		}, []string{
			"Trying:",
			"Expecting:",
			"ok",
		}},
		// eunit: a failed test's frames in the code under test, not
		// eunit's own.
		{"log/erlang-eunit-plain", router.Log, []string{
			"calc: divide_zero_test...*failed*",
			"in call from calc:divide/2 (calc.erl, line 4)",
			"in call from calc:divide_zero_test/0 (calc.erl, line 8)",
			"**error:badarith",
		}, []string{
			"in call from eunit_test:run_testfun/1 (eunit_test.erl, line 71)",
		}},
		// helgrind: each error's heading and its frames down to the first
		// that names a source line; a thread's announcement is no error.
		{"log/valgrind-helgrind", router.Log, []string{
			"==2286== Possible data race during read of size 4 at 0x10C060 by thread #3",
			"==2286==    at 0x10919C: worker (race.c:8)",
			"==2286== Thread #3: lock order \"0x10C0C0 before 0x10C080\" violated",
			"==2286==    by 0x1091CE: worker (race.c:9)",
		}, []string{
			"==2286== Thread #3 was created",
			"==2286==    by 0x48EE1F4: start_thread (pthread_create.c:442)",
		}},
		// memcheck: a free's top frame is valgrind's own; the frame under
		// it says where the program freed. Where a block an error touched
		// was allocated is context.
		{"log/valgrind-memcheck-v-origins", router.Log, []string{
			"==2403== Invalid free() / delete / delete[] / realloc()",
			"==2403==    by 0x1092F3: main (bad.c:15)",
			"==2403==    at 0x1092B4: main (bad.c:13)",
		}, []string{
			"==2403==    by 0x10923C: main (bad.c:10)",
			"==2403==    by 0x1091FB: main (bad.c:8)",
		}},
		// memcheck on a use after free: the stack that freed the block,
		// down to the program's frame, says what to fix.
		{"log/valgrind-use-after-free-loop", router.Log, []string{
			"==3942==  Address 0x4a403b8 is 24 bytes inside a block of size 32 free'd",
			"==3942==    by 0x1091FF: finish (uaf.c:19)",
		}, []string{
			"==3942==    at 0x484417B: free (in /usr/libexec/valgrind/vgpreload_memcheck-amd64-linux.so)",
			"==3942==    by 0x109257: run_all (uaf.c:24)",
			"==3942==  Block was alloc'd at",
		}},
		// memcheck with glibc's debug info: libc's frames name source
		// lines too ("printf (printf.c:33)", "strdup (strdup.c:42)"); an
		// error's and a leak's frames count down to the program's own.
		{"log/valgrind-printf-libc-frames", router.Log, []string{
			"==2383== Invalid read of size 1",
			"==2383==    by 0x48AD65A: printf (printf.c:33)",
			"==2383==    by 0x1091DC: label_1 (labels.c:9)",
			"==2383== 5 bytes in 1 blocks are definitely lost in loss record 3 of 8",
			"==2383==    by 0x48F99A9: strdup (strdup.c:42)",
			"==2383==    by 0x10927C: label_3 (labels.c:22)",
		}, []string{
			"==2383==    by 0x10953B: main (labels.c:70)",
			"==2383==    at 0x48417B4: malloc (in /usr/libexec/valgrind/vgpreload_memcheck-amd64-linux.so)",
		}},
		// markdownlint-cli2: each row is a rule broken, with or without
		// a column; the heading lines above them are not.
		{"log/markdownlint-cli2-cobra", router.Log, []string{
			"Summary: 509 error(s)",
			"README.md:1 error MD041/first-line-heading/first-line-h1 First line in a file should be a top-level heading [Context: \"<div align=\"center\">\"]",
			"CONDUCT.md:7:81 error MD013/line-length Line length [Expected: 80; Actual: 162]",
		}, []string{
			"Linting: 14 file(s)",
		}},
		{"log/exunit-account", router.Log, []string{
			"  4) test owner lookup (AccountTest)",
			"     ** (KeyError) key \"zed\" not found in: %{\"ann\" => 1}",
			"     ** (FunctionClauseError) no function clause matching in Account.deposit/2",
		}, []string{
			"     acct.exs:32",
			"     code: assert Map.fetch!(m, \"zed\") == 1",
		}},
		// cspell's issues are spelling findings, folded by word as lint
		// warnings are, not failures.
		{"log/cspell-docs", router.Log, nil, []string{
			"git/README.md:20:20 - Unknown word (gittutorial)",
			"nodejs/CHANGELOG.md:536:32 - Unknown word (chrisdickinson)",
		}},
		{"log/go-test-v-fail", router.Log, []string{
			"--- FAIL: TestSub (0.00s)",
			"    --- FAIL: TestSub/pos (0.00s)",
			"    calc_test.go:24: Sub(5, 3) = 3, want 2",
			"    calc_test.go:24: Sub(-2, -3) = 2, want 1",
			"--- FAIL: TestIndex (0.00s)",
			"panic: runtime error: index out of range [5] with length 2 [recovered, repanicked]",
			"FAIL",
		}, []string{
			"--- PASS: TestAdd (0.00s)",
			"=== RUN   TestSub/pos",
			"    calc_test.go:37: not on this platform", // a skipped test's message
			"--- SKIP: TestSkipped (0.00s)",
			"goroutine 11 [running]:",
		}},
		// A linter's report that quotes HTML, judged as HTML (as a
		// misrouted report would be): the quoted markup makes it no page.
		{"log/htmlhint-nocolor", router.HTML, []string{
			"                                                     ^ Tag must be paired, missing: [ </p> ], start tag match failed [ <p class=foo> ] on line 3. (tag-pair)",
			"          ^ Tag must be paired, missing: [ </div> ], start tag match failed [ <div id=\"a\"> ] on line 3. (tag-pair)",
			"Scanned 6 files, found 42 errors in 6 files (87 ms)",
		}, nil},
		{"log/ruby-keyerror", router.Log, []string{
			"t.rb:5:in `fetch': key not found: :qty (KeyError)",
			"\tfrom t.rb:5:in `block in total'",
			"\tfrom t.rb:9:in `<main>'",
		}, []string{
			"INFO order 3 queued",
			"order 0: 6",
		}},
		{"log/go-test-race", router.Log, []string{
			"WARNING: DATA RACE",
			"    testing.go:1712: race detected during execution of test",
			"--- FAIL: TestRace (0.00s)",
		}, []string{
			"==================",
			"Goroutine 10 (running) created at:",
		}},
		{"log/gdb-batch-tree", router.Log, []string{
			"Program received signal SIGSEGV, Segmentation fault.",
			"0x000055555555515c in depth_of (n=0x0, want=9) at tree.c:5",
			"#0  0x000055555555515c in depth_of (n=0x0, want=9) at tree.c:5",
			"#1  0x000055555555519c in depth_of (n=0x7fffffffe670, want=9) at tree.c:7",
			"#3  0x000055555555525a in main (argc=2, argv=0x7fffffffe7b8) at tree.c:15",
		}, []string{
			"rax            0x0                 0",
			"Stack level 0, frame at 0x7fffffffe5c0:",
		}},
		// A program with threads: gdb names the thread that received the
		// signal, and "thread apply all bt" shows the waiting threads too.
		{"log/gdb-thread-segv", router.Log, []string{
			`Thread 3 "worker" received signal SIGSEGV, Segmentation fault.`,
			"__strlen_evex () at ../sysdeps/x86_64/multiarch/strlen-evex.S:79",
			"#1  0x000055555555518d in run (arg=0x7fffffffe670) at worker.c:10",
		}, []string{
			"[Switching to Thread 0x7ffff75d06c0 (LWP 14749)]",
			`Thread 1 (Thread 0x7ffff7dd2740 (LWP 14741) "worker"):`,
			"#4  0x000055555555525f in main () at worker.c:19", // a waiting thread's frame
		}},
		{"log/gfortran-three-files", router.Log, []string{
			"io.f90:42:32:",
			"   42 |       if (a(i) > 0) count_pos = count_pos + 'one'",
			"Error: Operands of binary numeric operator ‘+’ at (1) are INTEGER(4)/CHARACTER(3)",
			"solver.f90:47:3:",
			"f951: Error: Unexpected end of file in ‘solver.f90’",
		}, []string{
			"grid.f90:43:13:", // a warning's place
			"   43 |       edge = val",
			"Warning: Unused variable ‘unused1’ declared at (1) [-Wunused-variable]",
		}},
		{"log/bandit-severity", router.Log, []string{
			">> Issue: [B602:subprocess_popen_with_shell_equals_true] subprocess call with shell=True identified, security issue.",
			"   Severity: High   Confidence: High",
			"   Location: app/deploy.py:10",
			">> Issue: [B301:blacklist] Pickle and modules that wrap it can be unsafe when used to deserialize untrusted data, possible security issue.",
			"   Location: app/deploy.py:15",
		}, []string{
			">> Issue: [B403:blacklist] Consider possible security implications associated with pickle module.",
			"   Location: app/deploy.py:2",
			"   Severity: Low   Confidence: High",
			"10\t    return subprocess.call(cmd, shell=True)",
		}},
		// ansible-playbook: read as code before (its "=> (item=1)"), where
		// nothing is judged.
		{"log/ansible-loop-failed", router.Log, []string{
			`failed: [localhost] (item=3) => {"ansible_loop_var": "item", "changed": false, "cmd": ["grep", "-q", "^port=", "/tmp/qfail/ans/app/svc3.conf"], "delta": "0:00:00.034630", "end": "2026-12-02 16:06:05.318882", "item": 3, "msg": "non-zero return code", "rc": 1, "start": "2026-12-02 16:06:05.284252", "stderr": "", "stderr_lines": [], "stdout": "", "stdout_lines": []}`,
		}, []string{
			"ok: [localhost] => (item=1)",
			"TASK [check each service config has a port] ************************************",
		}},
		// A registered result shown by debug: its "failed": false says the
		// command succeeded.
		{"log/ansible-debug-var", router.Log, []string{
			`fatal: [localhost]: FAILED! => {"changed": false, "cmd": ["grep", "-q", "^port=", "/tmp/qfail/ans/app/svc3.conf"], "delta": "0:00:00.018505", "end": "2026-12-02 16:24:44.536920", "msg": "non-zero return code", "rc": 1, "start": "2026-12-02 16:24:44.518415", "stderr": "", "stderr_lines": [], "stdout": "", "stdout_lines": []}`,
		}, []string{`        "failed": false,`}},
		// pytest: a project's own exception, whose name ends in neither
		// Error nor Exception, where it was raised.
		{"log/pytest-xdist-verbose", router.Log, []string{
			"inventory.py:17: OutOfStock",
			"E           inventory.OutOfStock: d",
			"[gw0] [100%] FAILED test_inventory.py::test_take_one[d] ",
		}, []string{
			"test_inventory.py:32: ",
			"[gw0] [  5%] PASSED test_inventory.py::test_take_some[1] ",
		}},
		// esbuild: the location and the source line under each error.
		{"log/esbuild-bundle-errors", router.Log, []string{
			`✘ [ERROR] Could not resolve "./retry"`,
			"    src/api.ts:1:22:",
			`      1 │ import { retry } from "./retry";`,
		}, []string{
			`  The name "render" was originally exported here:`,
			"    src/view.ts:1:16:",
		}},
		// OCaml: an error's message goes on in indented lines.
		{"log/ocamlc-type-error", router.Log, []string{
			`File "shapes.ml", line 9, characters 19-20:`,
			"Error: This expression has type int but an expression was expected of type",
			"         float",
			"  Hint: Did you mean `2.'?",
		}, []string{
			"Tri (_, _, _)",
			"Here is an example of a case that is not matched:",
		}},
		// minitest: under "  1) Failure:" the title with the assertion's
		// place and the message; under "  3) Error:" the title and the
		// first frame.
		{"log/minitest-peek-error", router.Log, []string{
			"QueueTest#test_order [queue_test.rb:16]:",
			"Expected: [1, 2, 3]",
			"  Actual: [3, 1, 2]",
			"QueueTest#test_peek_empty:",
			"    queue_test.rb:7:in `peek'",
		}, []string{
			"    queue_test.rb:15:in `test_peek_empty'",
			"Finished in 0.012429s, 321.8368 runs/s, 241.3776 assertions/s.",
		}},
		// Elixir: the frame the exception was raised in, as Java's first
		// "at" frame.
		{"log/elixir-script-raise", router.Log, []string{
			"** (ArithmeticError) bad argument in arithmetic expression",
			"    calc.exs:2: Calc.div/2",
		}, []string{"    calc.exs:11: (file)", "12"}},
		// erl -s: a crash at start-up; was read as code, where nothing is
		// judged.
		{"log/erl-do-boot-crash", router.Log, []string{
			"Crash dump is being written to: erl_crash.dump...done",
		}, nil},
		// JUnit 4's console runner: the numbered titles say which test
		// failed; under an AssertionError the first frame of the test's
		// own code says which assertion, past org.junit's.
		{"log/junit4-ledger", router.Log, []string{
			"1) emptyTotal(LedgerTest)",
			"java.lang.AssertionError: expected:<750> but was:<375>",
			"\tat org.junit.Assert.fail(Assert.java:89)",
			"\tat LedgerTest.totalSums(LedgerTest.java:13)",
			"\tat Ledger.debit(Ledger.java:13)",
		}, []string{
			"\tat org.junit.Assert.failNotEquals(Assert.java:835)",
			"\tat LedgerTest.debitTooMuch(LedgerTest.java:12)", // under a frame of the program's own
			".E.E..E.E..E",
		}},
		{"log/go-test-pkgs", router.Log, []string{
			"broken/broken.go:10:9: undefined: mesage",
			"        calc_test.go:24: Sub(0, 0) = 1, want 0",
			"FAIL\texample.com/calc/broken [build failed]",
			"vetonly/v.go:6:14: fmt.Printf format %d has arg name of wrong type string",
		}, []string{
			"ok  \texample.com/calc/strutil\t0.003s",
			"# example.com/calc/vetonly",
		}},
		{"log/go-build-broken", router.Log, []string{
			`broken/broken.go:5:2: "os" imported and not used`,
			`broken/broken.go:14:14: cannot use "three" (untyped string constant) as int value in variable declaration`,
		}, []string{"# example.com/calc/broken"}},
		{"log/go-vet", router.Log, []string{"vetonly/v.go:9:2: self-assignment of x"}, nil},
		{"log/make-fail", router.Log, []string{
			"main.c:6:20: error: ‘cnt’ undeclared (first use in this function); did you mean ‘int’?",
			"make: *** [Makefile:6: main.o] Error 1",
			"util.c:2:48: error: expected ‘;’ before ‘}’ token",
			"make: Target 'all' not remade because of errors.",
			// the source line a caret points at, and the caret line
			"    6 |     printf(\"%d\\n\", cnt);",
			"      |                    ^~~",
		}, []string{
			"cc -Wall -Wextra -Werror -O2 -c main.c -o main.o",
			"rm -f *.o app",
			"      |                    int",
		}},
		{"log/gcc-errors", router.Log, []string{
			"main.c:7:15: warning: initialization of ‘char *’ from ‘int’ makes pointer from integer without a cast [-Wint-conversion]",
		}, nil},
		{"log/python-traceback", router.Log, []string{
			"Traceback (most recent call last):",
			"TypeError: unsupported operand type(s) for +: 'float' and 'str'",
		}, []string{
			"2026-11-29 13:33:15,420 WARNING inventory: price list is 3 days old",
			"    main()",
		}},
		{"log/python-unittest-fail", router.Log, []string{
			"test_two (test_inventory.TestTotal.test_two) ... FAIL",
			"test_missing_file (test_inventory.TestTotal.test_missing_file) ... ERROR",
			"FileNotFoundError: [Errno 2] No such file or directory: '/nonexistent/prices.json'",
			"AssertionError: 4 != 5 : total of 2x2",
			"FAILED (failures=2, errors=1, skipped=1)",
		}, []string{
			"test_empty (test_inventory.TestTotal.test_empty) ... ok",
			"Ran 5 tests in 0.009s",
		}},
		{"log/cargo-build-error", router.Log, []string{
			"error[E0425]: cannot find value `undefined_var` in this scope",
			"error: could not compile `rproj` (bin \"rproj\") due to 2 previous errors",
		}, []string{"   Compiling rproj v0.1.0 (/tmp/rproj)"}},
		{"log/cargo-test-fail", router.Log, []string{
			"test tests::mean_of_empty_is_zero ... FAILED",
			"assertion `left == right` failed: empty slice",
			"  left: NaN",
			"test result: FAILED. 2 passed; 2 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.12s",
		}, []string{"test tests::mean_of_two ... ok", "running 4 tests"}},
		{"log/npm-install-e404", router.Log, []string{
			"npm error code E404",
			"npm error 404 Not Found - GET https://registry.npmjs.org/kompress-this-package-does-not-exist-4242",
		}, nil},
		{"log/npm-e404-ansi", router.Log, []string{
			"\x1b[1mnpm\x1b[22m \x1b[31merror\x1b[39m \x1b[94mcode\x1b[39m E404",
		}, nil},
		{"log/apt-install-missing", router.Log, []string{"E: Unable to locate package kompress-nonexistent-pkg"},
			[]string{"Reading package lists..."}},
		{"log/go-test-json-fail", router.Log, nil, []string{}},
		{"search/grep-missing-path", router.Search, []string{
			"grep: net/http/nonexistent.go: No such file or directory",
		}, []string{"net/http/server.go:917:\t\ts.ReadTimeout,"}},
		{"search/rg-permission", router.Search, []string{"/tmp/rgperm/locked: Permission denied (os error 13)"},
			[]string{"/tmp/rgperm/open/a.conf:1:token = abc"}},
		{"table/go-test-results-tsv", router.Table, []string{"example.com/calc\tTestIndex\tfail\t0"},
			[]string{"example.com/calc\tTestAdd\tpass\t0", "package\ttest\taction\telapsed"}},
		{"mixed/npm-search-404-json", router.Mixed, []string{"npm error code E404"}, nil},
		// oxlint (miette): the one error's heading and where it points;
		// the warnings ("! ...") are lint findings.
		{"log/oxlint-miette", router.Log, []string{"  x Expected `:` but found `decimal`", "   ,-[src/broken.js:2:10]", "Found 71 warnings and 1 error."},
			[]string{"  ! eslint(no-debugger): `debugger` statement is not allowed", "  help: Remove the debugger statement"}},
		{"table/du-a-nobody", router.Table, []string{"du: cannot read directory '/etc/ssl/private': Permission denied"},
			[]string{"216\t/etc/ssl/certs/ca-certificates.crt"}},
	}
	for _, tt := range tests {
		t.Run(tt.sample, func(t *testing.T) {
			got := lineSet(Lines(tt.kind, readSample(t, tt.sample)))
			for _, w := range tt.want {
				if !got[w] {
					t.Errorf("missing failure line %q", w)
				}
			}
			for _, n := range tt.not {
				if got[n] {
					t.Errorf("false positive %q", n)
				}
			}
		})
	}
}

// TestGoTestJSON checks that fail events, failing output and the messages of
// failed tests count, and passing tests' output does not.
func TestGoTestJSON(t *testing.T) {
	b := readSample(t, "log/go-test-json-fail")
	var fails, msgs int
	for _, l := range Lines(router.Log, b) {
		s := string(l)
		switch {
		case strings.Contains(s, `"Action":"fail"`):
			fails++
		case strings.Contains(s, `calc_test.go:24: Sub(`):
			msgs++
		case strings.Contains(s, `"Test":"TestAdd"`), strings.Contains(s, `"Test":"TestSkipped"`), strings.Contains(s, `"Action":"pass"`):
			t.Errorf("false positive %s", s)
		}
	}
	if want := bytes.Count(b, []byte(`"Action":"fail"`)); fails != want {
		t.Errorf("%d fail events found, want %d", fails, want)
	}
	if msgs != 3 {
		t.Errorf("%d t.Errorf messages found, want 3", msgs)
	}
}

var exitStatus = regexp.MustCompile(`(?m)^# exit status: (\d+)`)

// TestSamplesByExit checks every sample against its recorded exit status:
// log output of a failed command has failure lines; output of kinds that have
// none (code, diffs), JSON of a command that succeeded (its strings hold no
// failed tool's text), and search hits over Errorf, report none.
func TestSamplesByExit(t *testing.T) {
	paths, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "samples", "*", "*.txt"))
	if len(paths) == 0 {
		t.Fatal("no samples")
	}
	for _, p := range paths {
		kind := router.Kind(filepath.Base(filepath.Dir(p)))
		name := string(kind) + "/" + strings.TrimSuffix(filepath.Base(p), ".txt")
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		cmd, _ := os.ReadFile(strings.TrimSuffix(p, ".txt") + ".cmd")
		status := -1
		if m := exitStatus.FindSubmatch(cmd); m != nil {
			status, _ = strconv.Atoi(string(m[1]))
		}
		lines := Lines(kind, b)
		switch {
		case kind == router.Log && status > 0 && bytes.Contains(cmd, []byte("\n# findings: below error level")):
			// A checker that exits 1 on conventions or warnings alone
			// (pydocstyle, tidy): its findings are counted, as a
			// linter's warnings are.
			if len(lines) != 0 {
				t.Errorf("%s: style findings counted as failures: %q", name, lines[0])
			}
		case kind == router.Log && status > 0 && !strings.Contains(string(cmd), "| head") && !strings.Contains(string(cmd), "| tail"):
			if len(lines) == 0 {
				t.Errorf("%s: command exited %d but no failure line found", name, status)
			}
		case kind == router.JSON && status > 0:
			// cargo --message-format=json: the "rendered" text of each
			// diagnostic is a report.
		case kind == router.JSON || kind == router.Code || kind == router.Diff:
			if len(lines) != 0 {
				t.Errorf("%s: %d failure lines in %s, want none: %q", name, len(lines), kind, lines[0])
			}
		case name == "search/grep-rn-errorf" || name == "search/grep-rn-errnil-big":
			if len(lines) != 0 {
				t.Errorf("%s: search hits counted as failures: %q", name, lines[0])
			}
		}
	}
}

func TestLinesCases(t *testing.T) {
	tests := []struct {
		kind router.Kind
		line string
		want bool
	}{
		{router.Log, "exit status 1", true},
		{router.Log, "[/tmp/qa2/gs1/main.go:21] - G701 (CWE-89): SQL injection via taint analysis: (*database/sql.DB).Query (Confidence: HIGH, Severity: HIGH)", true},
		{router.Log, "[/tmp/qa2/gs1/main.go:54] - G104 (CWE-703): Errors unhandled (Confidence: HIGH, Severity: LOW)", false},
		{router.Log, "modules/web/manifests/init.pp - ERROR: web::vhost not in autoload module layout on line 25 (check: autoloader_layout)", true},
		{router.Log, "manifests/site.pp - WARNING: unquoted file mode on line 9 (check: unquoted_file_mode)", false},
		{router.Search, "broken/es.po:10:7: syntax error", true},
		{router.Search, "src/a.go:10:7:func syntaxError() error {", false},
		{router.Log, "src/Shipping.hs:12:5-30: Error: Use foldr", true},
		{router.Log, "Inventory.hs:16:1-54: Warning: Eta reduce", false},
		{router.Log, "Inventory.hs:22:17-35: Suggestion: Use null", false},
		{router.Log, "ASSERT:unknown part should print something", true},
		{router.Log, "shunit2:ERROR testPrerelease() returned non-zero return code.", true},
		{router.Log, "%Error: fifo.sv:41:13: Can't find definition of variable: 'overflow'", true},
		{router.Log, "%Error-PINNOTFOUND: fifo.sv:50:50: Pin not found: 'almost_full'", true},
		{router.Log, "%Error: Exiting due to 3 error(s), 3 warning(s)", true},
		{router.Log, "*** - *: NIL is not a number", true},
		{router.Log, "CONFLICT (content): Merge conflict in f.txt", true},
		{router.Log, "(error) ERR unknown command 'FOO', with args beginning with: ", true},
		{router.Log, "WRONGTYPE Operation against a key holding the wrong kind of value", true},
		{router.Log, "ERRATA are listed below", false},
		{router.Log, "LOADING config from /etc/app.conf", false},
		{router.Log, "(error) LOADING Redis is loading the dataset in memory", true},
		{router.Log, "Could not connect to Redis at 127.0.0.1:6379: Connection refused", true},
		{router.Log, "the offer was refused by the board", false},
		{router.Log, "ERR_PNPM_RECURSIVE_RUN_FIRST_FAIL  web@1.0.0 test: `jest`", true},
		{router.Log, "::error file=app.js,line=1::Missing semicolon", true},
		{router.Log, "::notice file=app.js::ok", false},
		{router.Log, "The command '/bin/sh -c npm ci' returned a non-zero code: 1", true},
		{router.Log, "    1) [chromium] › tests/cart.spec.ts:12:5 › adds an item ─────────", true},
		{router.Log, "bash: 29017 Aborted                 ./a > cxx.txt 2>&1", true},
		{router.Log, "bash: line 3: 4242 Killed                  ./worker", true},
		{router.Log, "bash: 12 apples", false},
		{router.Log, "terminate called after throwing an instance of 'std::runtime_error'", true},
		{router.Log, "Automatic merge failed; fix conflicts and then commit the result.", true},
		{router.Log, "Auto-merging f.txt", false},
		{router.Log, "*** - ", false},
		{router.Log, "line 1 column 1 - Error: <foo> is not recognized!", true},
		{router.Log, "line 3 column 32 - Warning: discarding unexpected </td>", false},
		{router.Log, "billing.py:14:23: F821 undefined name 'REGION'", true},
		{router.Log, "billing.py:1:1: F401 'os' imported but unused", true},
		{router.Log, "billing.py:3:1: E999 SyntaxError: invalid syntax", true},
		{router.Log, "billing.py:3:1: E302 expected 2 blank lines, found 1", false},
		{router.Log, "billing.py:9:80: E501 line too long (88 > 79 characters)", false},
		{router.Log, "billing.py:7:1: W391 blank line at end of file", false},
		{router.Log, "app.rb:20:16: E: Lint/Syntax: unexpected token tEQL", true},
		{router.Log, "app.rb:3:1: F: Lint/Syntax: unexpected end-of-input", true},
		{router.Log, "app.rb:4:23: C: [Correctable] Layout/SpaceAroundEqualsInParameterDefault: Surrounding space missing in default value assignment.", false},
		{router.Log, "app.rb:17:5: W: [Correctable] Lint/UselessAssignment: Useless assignment to variable - unused.", false},
		{router.Log, "Found one Java-level deadlock:", true},
		{router.Log, "Found 2 deadlocks.", true},
		{router.Log, "Found 0 deadlocks.", false},
		{router.Prose, "Found one deadlock: see the thread dump", false},
		{router.Log, "==2337== Conflicting store by thread 3 at 0x0010c060 size 4", true},
		{router.Log, "==2337== Other segment start (thread 2)", false},
		{router.Log, "exit status 0", false},
		{router.Log, "kern  :err   : [ 4281.774942] Out of memory: Killed process 22182 (store.test)", true},
		{router.Log, "kern  :crit  : [   12.000001] EXT4-fs (vda): journal commit I/O error", true},
		{router.Log, "kern  :warn  : [    0.465716] software IO TLB: No low mem", false},
		{router.Log, `jq: error (at ev.jsonl:6): Cannot index number with string "id"`, true},
		{router.Log, "gawk: fatal: cannot open file `x' for reading: No such file or directory", true},
		{router.Prose, "Tip: error handling is covered in chapter 3.", false},
		{router.Log, "kern  :info  : [    0.465785] Unpacking initramfs...", false},
		{router.Log, "user  :err   : [ 4281.000000] ", true},
		{router.Log, "build finished with no errors", false},
		{router.Log, "casino errors: 3", true}, // "casino " is not "no "
		{router.Log, `    "errors": 0,`, false},
		{router.Log, `'failures': 2`, true},
		{router.Log, "Process exited with code 2", true},
		{router.Log, "Process exited with code 0", false},
		{router.Log, "subprocess.CalledProcessError: Command '['ls']' returned non-zero exit status 2.", true},
		{router.Log, "Segmentation fault (core dumped)", true},
		{router.Log, "bash: line 1:  4242 Segmentation fault      ./a.out", true}, // the shell's report, no core
		{router.Log, `Thread 2 received signal SIGABRT, Aborted.`, true},          // gdb, a thread without a name
		{router.Log, `Thread 2 "w" exited`, false},
		{router.Log, "a.f90:5:10:", false},                                          // a place with no error under it
		{router.Log, ">> Issue: [B101:assert_used] Use of assert detected.", false}, // no severity under it
		{router.Log, "Killed", true},
		{router.Log, "signal: killed", true},
		{router.Log, "bash: kompress: command not found", true},
		{router.Log, "open /etc/shadow: permission denied", true},
		{router.Log, "cat: /nope: No such file or directory", true},
		{router.Log, "  ✗ renders the header (12 ms)", true},
		{router.Log, "✘ lint", true},
		{router.Log, "npm ERR! code ENOENT", true},
		{router.Log, "Error: Cannot find module 'express'", true},
		{router.Log, "2024-05-01T12:00:00Z ERROR db: connection refused", true},
		{router.Log, "level=error msg=\"dial tcp: i/o timeout\"", false},
		{router.Log, "fatal: not a git repository (or any of the parent directories): .git", true},
		{router.Log, "F0501 12:00:00.000000 1 main.go:5] FATAL oops", true},
		{router.Log, "java.lang.IllegalStateException: closed", true},
		{router.Log, "ImportError while importing test module '/src/tests/test_app.py'.", true},
		{router.Log, "ImportError while loading conftest '/src/conftest.py'.", true},
		{router.Log, "Dealer while loading the truck", false},
		{router.Log, "Caused by: java.io.IOException: broken pipe", true},
		{router.Log, "E       assert 1 == 2", true},
		{router.Log, "src/app.ts(3,5): error TS2322: Type 'string' is not assignable to type 'number'.", true},
		{router.Log, "/usr/bin/ld: main.o: in function `main': undefined reference to `foo'", true},
		{router.Log, "make: *** No rule to make target 'x'.  Stop.", true},
		{router.Log, "Error response from daemon: No such container: web", true},
		{router.Log, "FAIL: TestThing", true},
		{router.Log, "Tests: 1 failed, 12 passed, 13 total", true},
		{router.Log, "E404", true},
		{router.Log, `127.0.0.1 - - [01/Dec/2026:15:40:17 +0000] "GET /api/orders/7 HTTP/1.1" 502 157 "-" "agent/1"`, true},
		{router.Log, `127.0.0.1 - - [01/Dec/2026:15:40:17 +0000] "GET /missing/13.png HTTP/1.1" 404 153 "-" "agent/1"`, false},
		{router.Log, "=SUPERVISOR REPORT==== 1-Dec-2026::15:36:30.001451 ===", true},
		{router.Log, "=PROGRESS REPORT==== 1-Dec-2026::15:36:29.949102 ===", false},
		{router.Log, "[    0.282968] PCI: ECAM [mem 0xeec00000-0xeecfffff] reserved as E820 entry", false},
		{router.Log, "shop.py:23: ValueError", true},
		{router.Log, "tests/test_cart.py:22: in test_coupons", false},
		{router.Log, " × tests/calc.test.js > calc > handles floats 10ms", true},
		{router.Log, "    ✕ total with floats (8 ms)", true},
		{router.Log, "the area is 3 × 4 metres", false},
		{router.Log, "[error] docs/index.html: SyntaxError: Unexpected closing tag \"body\".", true},
		{router.Log, "dial tcp 10.0.0.1:5432: i/o timeout (timed out)", true},
		// ctest: a result marked "***" did not pass, whatever the status word
		{router.Log, " 7/40 Test  #7: case_7 ...........................***Timeout   1.01 sec", true},
		{router.Log, "29/40 Test #29: case_29 ..........................***Exception: SegFault  0.00 sec", true},
		{router.Log, "13/40 Test #13: case_13 ..........................***Failed    0.01 sec", true},
		{router.Log, " 1/40 Test  #1: case_1 ...........................   Passed    0.01 sec", false},
		{router.Log, " 2/9 Test #2: test_failed_login_is_rejected ....   Passed    0.20 sec", false},
		// the Go race detector
		{router.Log, "WARNING: DATA RACE", true},
		{router.Log, "Found 2 data race(s)", true},
		{router.Log, "Found 1 data race(s)", true},
		{router.Log, "    testing.go:1712: race detected during execution of test", true},
		{router.Log, "Found 0 data race(s)", false},
		{router.Log, "Found 3 data races in the archive", false},
		{router.Log, "WARNING: data race detector is slow", false},
		// successes and mentions that are not failure reports
		{router.Log, "ok  \texample.com/calc/strutil\t0.003s", false},
		{router.Log, "found 0 vulnerabilities", false},
		{router.Log, "Build finished with 0 errors and 2 warnings", false},
		{router.Log, "Ran 12 tests: failures=0 errors=0", false},
		{router.Log, "Tests: 0 failed, 12 passed", false},
		{router.Log, "go test --fail-fast ./...", false},
		{router.Log, "cc -Wall -Werror -c main.c", false},
		{router.Log, "PASS", false},
		{router.Log, "--- PASS: TestErrorHandling (0.00s)", false},
		{router.Log, "	return errors.New(\"boom\")", false},
		{router.Log, "	log.Fatal(err)", false},
		{router.Log, "test result: ok. 4 passed; 0 failed; 0 ignored", false},
		{router.Log, "npm http fetch GET 200 https://registry.npmjs.org/express 92ms (cache miss)", false},
		{router.Log, "Setting up libc-bin (2.36-9+deb12u14) ...", false},
		{router.Log, "error_count=0", false},
		// search: hits are data, tool complaints are failures
		{router.Search, "net/http/client.go:123:\t\treturn fmt.Errorf(\"bad: %w\", err)", false},
		{router.Search, "a/b.go-12-\tpanic: \"boom\"", false},
		{router.Search, "rg: ./secret: Permission denied (os error 13)", true},
		{router.Search, "grep: x: No such file or directory", true},
		{router.Search, "find: ‘/root/x’: Permission denied", true},
		// tables
		{router.Table, "web-7d9c   0/1     CrashLoopBackOff   5          3m", true},
		{router.Table, "api-1      1/1     Running            0          3m", false},
		{router.Table, "abc123   nginx   \"nginx -g\"   Exited (1) 2 hours ago", true},
		{router.Table, "abc123   nginx   \"nginx -g\"   Exited (0) 2 hours ago", false},
		{router.Table, "root  1  0.0  0.1  /usr/bin/error-reporter", false},
		{router.Table, "ii  libasan8:amd64   12.2.0-14   amd64   AddressSanitizer -- a fast memory error detector", false},
		{router.Table, "web-1   0/1     Error     3          5m", true},
		{router.Table, "build,2026-11-29,failed,12", true},
		{router.Log, "CMake Error at CMakeLists.txt:4 (find_package):", true},
		// JUnit XML: a count of zero is no failure, a testcase's failure is
		{router.Log, "\t<testsuite name=\"m0\" errors=\"0\" tests=\"50\" failures=\"0\" skipped=\"0\">", false},
		{router.Log, "\t<testsuite name=\"m2\" errors=\"0\" tests=\"50\" failures=\"1\" skipped=\"0\">", true},
		{router.Log, "\t\t\t<failure type=\"testCodeFailure\" message=\"Expected values to be strictly equal:23 !== 17\">", true},
		{router.Log, "CMake Warning (dev) at CMakeLists.txt:2 (project):", false},
		// miette-style errors (pnpm, biome, oxlint with colour)
		{router.Log, "  × installing dependencies", true},
		{router.Log, "  × expected `:` but instead found `1`", true},
		{router.Log, "  ! This function oops is unused.", false},
		{router.Log, "3 × 4 = 12", false},
		{router.Log, "  x = 5", false},
		// a line with no column gap is no row: judged as in a log, whatever
		// the router decided (ctest's tally, a test's message, R's error)
		{router.Table, "88% tests passed, 5 tests failed out of 40", true},
		{router.Table, "t.c:6: check failed: value 13 != 14", true},
		{router.Table, "Error in g(d) : object 'undefined_var' not found", true},
		{router.Table, "web-1   0/1   Running   0   5m   restarted after a failure", false},
		{router.Table, "user,action,result\nann,login,failed twice then ok", false},
		// a command's complaint between the rows of its table (du, stat, df)
		{router.Table, "du: cannot read directory '/etc/ssl/private': Permission denied", true},
		{router.Table, "stat: cannot statx '/etc/nonexistent': No such file or directory", true},
		{router.Table, "df: /nonexistent: No such file or directory", true},
		{router.Table, "tar: ./nonexistent.pm: Not found in archive", true},
		{router.Table, "df: /mnt/nas: Transport endpoint is not connected", true},
		{router.Table, "du: cannot access '/proc/4242/fd/3': No such file or directory", true},
		{router.Table, "tar: Exiting with failure status due to previous errors", true},
		{router.Table, "tar: Error is not recoverable: exiting now", true},
		{router.Table, "drwxr-xr-x root/root         0 2025-05-20 00:00 ./Debian/DebConf/Client/", false},
		{router.Table, "lib: libgpg-error.so.0", false},
		{router.Table, "process_a     1   64 stop-step root  207   unknown   /proc/1/task/64/fd/207 (readlink: Permission denied)", false},
		{router.Table, "4.0K\t/etc/ssl/private", false},
		{router.Table, "Note: cannot be undone", false},
		// php -l: a negation and one word before "errors" count none
		{router.Log, "No syntax errors detected in phpsrc/mod1.php", false},
		{router.Log, "Errors parsing phpsrc/mod17.php", true},
		{router.Log, "PHP Parse error:  syntax error, unexpected token \"return\" in a.php on line 4", true},
		{router.Log, "Found no type errors in 3 files", false},
		{router.Log, "piano key errors: 3", true},
		// prose and HTML
		{router.Prose, "error: pathspec 'x' did not match any file(s) known to git", true},
		{router.Prose, "If an error occurs, grep exits with status 2.", false},
		{router.Prose, "ValueError: bad value", true},
		{router.HTML, "<p>Errors are values.</p>", false},
		// no line-level failures
		{router.JSON, `{"status": "failed", "error": "boom"}`, false},
		{router.Code, `panic("unreachable")`, false},
		{router.Diff, "-\tt.Errorf(\"FAIL\")", false},
	}
	for _, tt := range tests {
		got := len(Lines(tt.kind, []byte(tt.line))) == 1
		if got != tt.want {
			t.Errorf("Lines(%s, %q) found = %v, want %v", tt.kind, tt.line, got, tt.want)
		}
	}
}

func TestMissing(t *testing.T) {
	orig := []byte("=== RUN   TestA\n--- FAIL: TestA (0.00s)\r\n    a_test.go:3: got 1, want 2\nok  \tother\t0.1s\n\x1b[31mFAIL\x1b[0m\texample.com/a\n")
	tests := []struct {
		name string
		out  string
		want []string
	}{
		{"all kept", string(orig), nil},
		{"colour stripped, CRLF gone", "--- FAIL: TestA (0.00s)\n    a_test.go:3: got 1, want 2\nFAIL\texample.com/a\n", nil},
		{"message dropped", "--- FAIL: TestA (0.00s)\nFAIL\texample.com/a\n", []string{"    a_test.go:3: got 1, want 2"}},
		{"inside a longer line is not verbatim", "x --- FAIL: TestA (0.00s)\n    a_test.go:3: got 1, want 2 [3 more]\n\x1b[31mFAIL\x1b[0m\texample.com/a\n",
			[]string{"--- FAIL: TestA (0.00s)", "    a_test.go:3: got 1, want 2"}},
		{"empty output", "", []string{"--- FAIL: TestA (0.00s)", "    a_test.go:3: got 1, want 2", "\x1b[31mFAIL\x1b[0m\texample.com/a"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Missing(router.Log, orig, []byte(tt.out))
			if len(got) != len(tt.want) {
				t.Fatalf("Missing = %q, want %q", got, tt.want)
			}
			for i := range got {
				if string(got[i]) != tt.want[i] {
					t.Errorf("Missing[%d] = %q, want %q", i, got[i], tt.want[i])
				}
			}
		})
	}
	if got := Missing(router.Mixed, []byte("E: broken\nE: broken\n"), nil); len(got) != 1 {
		t.Errorf("repeated missing line reported %d times, want once", len(got))
	}
}

func TestBadInput(t *testing.T) {
	for _, in := range [][]byte{nil, {}, []byte("\x00\x00FAIL\x00"), []byte("caf\xe9 error: x\n"), bytes.Repeat([]byte("x"), 1<<20), []byte("\n\n\n")} {
		for _, k := range []router.Kind{router.Log, router.Search, router.Table, router.Prose, router.Binary, router.Empty, router.Kind("unknown")} {
			Lines(k, in)
			Missing(k, in, in)
		}
	}
}

func FuzzLines(f *testing.F) {
	for _, name := range []string{"log/go-test-v-fail", "log/go-test-json-fail", "log/cargo-test-fail", "search/grep-missing-path", "table/go-test-results-tsv",
		"log/asan-heap-overflow", "log/valgrind-memcheck-leaks", "log/shellcheck-tty", "log/strace-f-fork-fail", "log/tsc-pretty-color"} {
		f.Add(readSample(f, name))
	}
	f.Add([]byte(`{"Action":"output","Test":"T","Output":"\u001b[31m--- FAIL\u00`))
	f.Add([]byte("rake aborted!\nArgumentError: bad\n/app/Rakefile:8:in `x'\n/usr/lib/ruby/3.1.0/a.rb:1:in `y'\nTasks: TOP => a\n"))
	f.Add([]byte("Error: Invalid index\n\n  on main.tf line 21, in output \"x\":\n  21:   value = a[5]\n"))
	f.Add([]byte("Git.pm: Stricture disabled at line 9, column 2.  See page 429 of PBP.  (Severity: 5)\na.tex:4:21:26:You ought to.\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, k := range []router.Kind{router.Log, router.Search, router.Table, router.Prose, router.HTML} {
			lines := Lines(k, b)
			for _, l := range lines {
				if bytes.IndexByte(l, '\n') >= 0 {
					t.Fatalf("line holds a newline: %q", l)
				}
			}
			if m := Missing(k, b, b); len(m) != 0 {
				t.Fatalf("Missing(x, x) = %q, want none", m)
			}
		}
	})
}

func BenchmarkLines(b *testing.B) {
	paths, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "samples", "*", "*.txt"))
	var all [][]byte
	var kinds []router.Kind
	total := 0
	for _, p := range paths {
		d, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		all = append(all, d)
		kinds = append(kinds, router.Log) // the broadest rules: the slowest path
		total += len(d)
	}
	b.SetBytes(int64(total))
	for b.Loop() {
		for i, d := range all {
			Lines(kinds[i], d)
		}
	}
}

func BenchmarkMissing(b *testing.B) {
	d := readSample(b, "log/go-test-v-strings")
	b.SetBytes(int64(len(d)))
	for b.Loop() {
		Missing(router.Log, d, d)
	}
}

// TestReportForms pins the forms of the one definition that need the lines
// around them (carets, first frames, eslint headers, mocha titles) and those
// of tools beyond Go, each judged the same whatever the kind of prose or log.
func TestReportForms(t *testing.T) {
	tests := []struct {
		name, in string
		want     []string
	}{
		{"gcc caret and source", "b.c: In function 'f':\nb.c:2:27: error: expected expression before ';' token\n    2 | int f(int x) { return x + ; }\n      |                           ^\nmake: done\n",
			[]string{"b.c:2:27: error: expected expression before ';' token", "    2 | int f(int x) { return x + ; }", "      |                           ^"}},
		{"warning carets are not kept", "a.c:1:27: warning: unused variable 'u' [-Wunused-variable]\n    1 | int f(void) { int u; }\n      |                   ^\n",
			[]string{"a.c:1:27: warning: unused variable 'u' [-Wunused-variable]"}},
		{"rustc", "error[E0425]: cannot find value `x` in this scope\n --> src/main.rs:4:20\n  |\n4 |     println!(\"{}\", x);\n  |                    ^ not found in this scope\n",
			[]string{"error[E0425]: cannot find value `x` in this scope", " --> src/main.rs:4:20", "4 |     println!(\"{}\", x);", "  |                    ^ not found in this scope"}},
		{"tsc", "src/a.ts(3,5): error TS2322: Type 'string' is not assignable to type 'number'.\nsrc/api.ts:2:10 - error TS6133: 'missing' is declared but never read.\n",
			[]string{"src/a.ts(3,5): error TS2322: Type 'string' is not assignable to type 'number'.", "src/api.ts:2:10 - error TS6133: 'missing' is declared but never read."}},
		{"eslint stylish", "/src/app.js\n  1:7   error    'x' is assigned a value but never used  no-unused-vars\n  2:1   warning  Unexpected console statement            no-console\n\n✖ 2 problems (1 error, 1 warning)\n",
			[]string{"/src/app.js", "  1:7   error    'x' is assigned a value but never used  no-unused-vars", "✖ 2 problems (1 error, 1 warning)"}},
		{"eslint compact", "/src/a.js: line 1, col 16, Warning - Strings must use singlequote. (quotes)\n/src/a.js: line 1, col 20, Error - Missing semicolon. (semi)\n\n2 problems\n",
			[]string{"/src/a.js: line 1, col 20, Error - Missing semicolon. (semi)"}},
		{"shellcheck", "In deploy.sh line 3:\necho $1\n     ^-- SC2086 (info): Double quote to prevent globbing and word splitting.\n\n\nIn deploy.sh line 22:\nlocal x=1\n^---^ SC2168 (error): 'local' is only valid in functions.\n      ^-- SC2034 (warning): x appears unused.\n",
			[]string{"In deploy.sh line 22:", "local x=1", "^---^ SC2168 (error): 'local' is only valid in functions."}},
		{"java chain", "Exception in thread \"main\" java.lang.RuntimeException: startup failed\n\tat Chain.main(Chain.java:8)\n\tat Other.run(Other.java:1)\nCaused by: java.io.IOException: x\n\tat Chain.low(Chain.java:3)\n\t... 2 more\n\tSuppressed: java.io.IOException: close failed\n",
			[]string{"Exception in thread \"main\" java.lang.RuntimeException: startup failed", "\tat Chain.main(Chain.java:8)", "Caused by: java.io.IOException: x", "\tat Chain.low(Chain.java:3)", "\tSuppressed: java.io.IOException: close failed"}},
		{"python group", "  + Exception Group Traceback (most recent call last):\n  |   File \"/x.py\", line 13, in <module>\n  | ExceptionGroup: startup (2 sub-exceptions)\n  +-+---------------- 1 ----------------\n    | ValueError: bad port 99999\n",
			[]string{"  + Exception Group Traceback (most recent call last):", "  |   File \"/x.py\", line 13, in <module>", "  | ExceptionGroup: startup (2 sub-exceptions)", "    | ValueError: bad port 99999"}},
		{"node --test and mocha", "not ok 2 - parses port\n# fail 3\n  2 passing (5ms)\n  1 failing\n\n  1) Array\n       #indexOf():\n     AssertionError [ERR_ASSERTION]: 1 == 2\n",
			[]string{"not ok 2 - parses port", "# fail 3", "  1 failing", "  1) Array", "     AssertionError [ERR_ASSERTION]: 1 == 2"}},
		{"asan", "==30907==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x6040\nWRITE of size 4 at 0x6040 thread T0\n    #0 0x55d1 in main /tmp/a.c:6\n    #1 0x7f02 in __libc_start_call_main x.h:58\n=>0x0c087fff8000: fa fa 00 00 00 00 00[fa]fa fa\nSUMMARY: AddressSanitizer: heap-buffer-overflow /tmp/a.c:6 in main\n==30907==ABORTING\n",
			[]string{"==30907==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x6040", "WRITE of size 4 at 0x6040 thread T0", "    #0 0x55d1 in main /tmp/a.c:6", "SUMMARY: AddressSanitizer: heap-buffer-overflow /tmp/a.c:6 in main", "==30907==ABORTING"}},
		{"valgrind", "==1== Memcheck, a memory error detector\n==1== Invalid read of size 4\n==1==    at 0x10918C: main (a.c:7)\n==1==    by 0x1: x (a.c:1)\n==1==    definitely lost: 100 bytes in 1 blocks\n==1==    indirectly lost: 0 bytes in 0 blocks\n==1== ERROR SUMMARY: 4 errors from 4 contexts (suppressed: 0 from 0)\n==2== ERROR SUMMARY: 0 errors from 0 contexts (suppressed: 0 from 0)\n",
			[]string{"==1== Invalid read of size 4", "==1==    at 0x10918C: main (a.c:7)", "==1==    definitely lost: 100 bytes in 1 blocks", "==1== ERROR SUMMARY: 4 errors from 4 contexts (suppressed: 0 from 0)"}},
		{"strace", "access(\"/etc/ld.so.preload\", R_OK)      = -1 ENOENT (No such file or directory)\nopenat(AT_FDCWD, \"/etc/shadow\", O_RDONLY) = -1 EACCES (Permission denied)\nwait4(-1, 0x7ffe, WNOHANG, NULL) = -1 ECHILD (No child processes)\nread(3, \"\", 4096) = -1 EAGAIN (Resource temporarily unavailable)\n--- SIGSEGV {si_signo=SIGSEGV} ---\n--- SIGCHLD {si_signo=SIGCHLD} ---\n+++ exited with 2 +++\n+++ exited with 0 +++\n",
			[]string{"access(\"/etc/ld.so.preload\", R_OK)      = -1 ENOENT (No such file or directory)", "openat(AT_FDCWD, \"/etc/shadow\", O_RDONLY) = -1 EACCES (Permission denied)", "--- SIGSEGV {si_signo=SIGSEGV} ---", "+++ exited with 2 +++"}},
		{"perl", "syntax error at m1.pl line 3, near \"my \"\nGlobal symbol \"$y\" requires explicit package name (did you forget to declare \"my $y\"?) at m1.pl line 3.\nm1.pl had compilation errors.\ncannot open /etc/app.conf: No such file or directory at /opt/app/deep.pl line 2, <STDIN> line 5.\nDied at -e line 1.\nmeet at the line 5 of the form.\nlook at pkg.Func line 12 for an example\n",
			[]string{"syntax error at m1.pl line 3, near \"my \"", "Global symbol \"$y\" requires explicit package name (did you forget to declare \"my $y\"?) at m1.pl line 3.", "m1.pl had compilation errors.", "cannot open /etc/app.conf: No such file or directory at /opt/app/deep.pl line 2, <STDIN> line 5.", "Died at -e line 1."}},
		{"checkstyle", "<?xml version='1.0' encoding='UTF-8'?>\n<checkstyle version='4.3'>\n<file name='deploy.sh' >\n" +
			"<error line='3' column='7' severity='info' message='Double quote to prevent globbing.' source='ShellCheck.SC2086' />\n" +
			"<error line='5' column='1' severity='error' message='&#39;local&#39; is only valid in functions.' source='ShellCheck.SC2168' />\n" +
			"<error line='6' column='4' severity=\"error\" message=\"x\" />\n</file>\n</checkstyle>\n",
			[]string{"<error line='5' column='1' severity='error' message='&#39;local&#39; is only valid in functions.' source='ShellCheck.SC2168' />", "<error line='6' column='4' severity=\"error\" message=\"x\" />"}},
		{"staticcheck stylish", "/src/a/a.go\n  (10, 5)   S1003   should use !strings.Contains(s, \"x\") instead\n  (13, 13)  SA1004  sleeping for 1 nanoseconds is probably a bug; be explicit if it isn't\n\nnotes.txt\n  (see page 2)  for more\n",
			[]string{"/src/a/a.go", "  (10, 5)   S1003   should use !strings.Contains(s, \"x\") instead", "  (13, 13)  SA1004  sleeping for 1 nanoseconds is probably a bug; be explicit if it isn't"}},
		{"psql and sqlite", "ERROR:  relation \"nosuch\" does not exist\nLINE 1: select * from nosuch\n                      ^\nParse error near line 2: no such table: t\n  selec broken;\n  ^--- error here\n",
			[]string{"ERROR:  relation \"nosuch\" does not exist", "LINE 1: select * from nosuch", "                      ^", "Parse error near line 2: no such table: t", "  selec broken;", "  ^--- error here"}},
		{"curl", "< HTTP/1.1 500 Internal Server Error\n< HTTP/1.1 200 OK\nHTTP/2 404\ncurl: (7) Failed to connect to 127.0.0.1 port 1: Connection refused\n",
			[]string{"< HTTP/1.1 500 Internal Server Error", "HTTP/2 404", "curl: (7) Failed to connect to 127.0.0.1 port 1: Connection refused"}},
		{"php uncaught", "PHP Fatal error:  Uncaught TypeError: Cart::add(): Argument #2 ($qty) must be of type int, string given, called in /tmp/qfail/php/cart.php on line 22 and defined in /tmp/qfail/php/cart.php:6\nStack trace:\n#0 /tmp/qfail/php/cart.php(22): Cart->add()\n#1 {main}\n  thrown in /tmp/qfail/php/cart.php on line 6\n",
			[]string{"PHP Fatal error:  Uncaught TypeError: Cart::add(): Argument #2 ($qty) must be of type int, string given, called in /tmp/qfail/php/cart.php on line 22 and defined in /tmp/qfail/php/cart.php:6", "#0 /tmp/qfail/php/cart.php(22): Cart->add()", "  thrown in /tmp/qfail/php/cart.php on line 6"}},
		// R testthat's summary reporter (a real run): the message under each
		// failure's heading.
		{"testthat", "stats: 12.3.\n\n══ Failed ══════════════════════════════════════════════════════════════════════\n── 1. Failure ('test-stats.R:3'): weighted mean uses weights ───────────────────\nwmean(c(1, 2, 3), c(1, 1, 1)) not equal to 2.\n1/1 mismatches\n[1] 1 - 2 == -1\n\n── 2. Failure ('test-stats.R:4'): weighted mean uses weights ───────────────────\nwmean(c(2, 4), c(3, 1)) not equal to 2.5.\n1/1 mismatches\n[1] 1.67 - 2.5 == -0.833\n\n── 3. Failure ('test-stats.R:8'): trim drops k from each end ───────────────────\ntrim(1:3, 2) has length 3, not length 0.\n\n══ DONE ════════════════════════════════════════════════════════════════════════\n",
			[]string{"══ Failed ══════════════════════════════════════════════════════════════════════", "── 1. Failure ('test-stats.R:3'): weighted mean uses weights ───────────────────", "wmean(c(1, 2, 3), c(1, 1, 1)) not equal to 2.", "1/1 mismatches", "[1] 1 - 2 == -1", "── 2. Failure ('test-stats.R:4'): weighted mean uses weights ───────────────────", "wmean(c(2, 4), c(3, 1)) not equal to 2.5.", "1/1 mismatches", "[1] 1.67 - 2.5 == -0.833", "── 3. Failure ('test-stats.R:8'): trim drops k from each end ───────────────────", "trim(1:3, 2) has length 3, not length 0."}},
		{"running text is not a report", "THE ENTIRE RISK AS TO THE QUALITY AND PERFORMANCE OF THE PROGRAM\nIS WITH YOU, INCLUDING BUT NOT LIMITED TO A FAILURE OF THE PROGRAM TO\nOPERATE WITH ANY OTHER PROGRAMS, EVEN IF SUCH HOLDER HAS BEEN ADVISED.\n  - Fix stream errors after request ends\nError handling is described in the next section of the manual.\nthe default is to stop and report the failure to the caller, unless\n",
			nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, kind := range []router.Kind{router.Log, router.Prose} {
				var got []string
				for _, l := range Lines(kind, []byte(tt.in)) {
					got = append(got, string(l))
				}
				if !slices.Equal(got, tt.want) {
					t.Errorf("Lines(%s) =\n%q\nwant\n%q", kind, got, tt.want)
				}
			}
		})
	}
}

// TestOneLineParagraph: a paragraph written on one line (Wikipedia text,
// unwrapped Markdown) is running text, so "failed" there is not a report;
// a long line that opens like a report still is.
func TestOneLineParagraph(t *testing.T) {
	para := "On August 19, 2013, Young failed to show up for filming an episode of the series. Police were called to do a well-being check on him at his apartment, where he was found. His manager said he had been ill for some time before that."
	if got := Lines(router.Prose, []byte(para+"\n")); len(got) != 0 {
		t.Errorf("one-line paragraph: got failure lines %q", got)
	}
	report := "Error: the build failed because the compiler could not find the header file that the project needs. Install the development package. Then run the build again from the top directory of the project."
	if got := Lines(router.Prose, []byte(report+"\n")); len(got) != 1 {
		t.Errorf("long report line: got %q, want it as a failure line", got)
	}
}

// TestLinesInParts: a text longer than one reader takes is judged in parts
// of whole lines, and a line longer than that is passed over.
func TestLinesInParts(t *testing.T) {
	defer func(n int) { maxReaderText = n }(maxReaderText)
	maxReaderText = 64
	var in []byte
	var want []string
	for i := range 20 {
		l := fmt.Sprintf("step %d ok", i)
		if i%3 == 0 {
			l = fmt.Sprintf("error: step %d failed", i)
			want = append(want, l)
		}
		in = append(in, l+"\n"...)
		if i == 10 {
			in = append(in, "error: "+strings.Repeat("x", 100)+"\n"...)
		}
	}
	var got []string
	for _, l := range Lines(router.Log, in) {
		got = append(got, string(l))
	}
	if !slices.Equal(got, want) {
		t.Errorf("Lines = %q\nwant %q", got, want)
	}
}

// An HTML page's styles, scripts and comments are not text it shows: a
// CSS "left: 0;" (the Rust assert_eq! detail rule's shape) or a note in a
// comment is no failure line, while the page's own text still is, also
// after a block left open on one line and closed on another.
func TestPageParts(t *testing.T) {
	page := "<html><head>\n<style>\n  .x {\n    left: 0;\n  }\n</style>\n<SCRIPT>\nerror: not shown\n</SCRIPT>\n" +
		"</head><body>\n<!-- to regenerate:\nrg panicked listings/output.txt\n-->\n<pre>\nerror: shown\n</pre>\n" +
		"<!-- one line --> \nFAILED: also shown\n<script>\npanic: never closed\n"
	got := Lines(router.HTML, []byte(page))
	want := []string{"error: shown", "FAILED: also shown"}
	if len(got) != len(want) {
		t.Fatalf("Lines(page) = %q, want %q", got, want)
	}
	for i := range got {
		if string(got[i]) != want[i] {
			t.Errorf("Lines(page)[%d] = %q, want %q", i, got[i], want[i])
		}
	}
	// The same lines outside a page are judged as they are.
	if got := Lines(router.Log, []byte("  left: 1\n right: 2\n")); len(got) != 2 {
		t.Errorf("assert_eq! detail lines in a log: %q, want both", got)
	}
}

// A page's line is present in the HTML view's text when the text shows it
// as a reader reads it: entities decoded, white space runs as one, a
// paragraph's lines joined. A line the view dropped is still missing.
func TestMissingPage(t *testing.T) {
	page := []byte("<pre><code>$ cargo build\nerror[E0277]: cannot add `Option&lt;i8&gt;` to `i8`\n" +
		"  |  ^ no implementation for `i8 + Option&lt;i8&gt;`\n</code></pre>\n<p>\nError:   a   paragraph\nthat goes on\n</p>\n")
	view := "```\n$ cargo build\nerror[E0277]: cannot add `Option<i8>` to `i8`\n  |  ^ no implementation for `i8 + Option<i8>`\n```\n" +
		"Error: a paragraph that goes on\n"
	if got := Missing(router.HTML, page, []byte(view)); len(got) != 0 {
		t.Errorf("Missing(page, view) = %q, want none", got)
	}
	cut := strings.Replace(view, "error[E0277]: cannot add `Option<i8>` to `i8`\n", "", 1)
	if got := Missing(router.HTML, page, []byte(cut)); len(got) != 1 || !bytes.HasPrefix(got[0], []byte("error[E0277]")) {
		t.Errorf("Missing(page, view without the error) = %q, want the error line", got)
	}
	// Outside a page, entities are text: "&lt;" is not "<".
	if got := Missing(router.Log, []byte("error: a &lt; b\n"), []byte("error: a < b\n")); len(got) != 1 {
		t.Errorf("Missing(log) = %q, want the line", got)
	}
}

// TestJSONText: the failure lines of a JSON string that holds a tool's
// text are found as the literal writes them; code and documentation held
// in strings, and one-line strings, are data; the lines count as present
// in a view that keeps them whole inside a literal, re-encoded or not.
func TestJSONText(t *testing.T) {
	in := []byte(`{"exit_code":1,"output":"=== RUN   TestA\n--- PASS: TestA (0.00s)\n=== RUN   TestB\n    b_test.go:9: got \u003cnil\u003e\n--- FAIL: TestB (0.01s)\nFAIL\texample.com/pkg\t0.1s\n",` +
		`"source":"function f() {\n  throw new Error('x')\n}\nconsole.error('failed')\n",` +
		`"explanation":"Erroneous code example:\n\n` + "```" + `compile_fail,E0425\n// error: unresolved name\n` + "```" + `\n",` +
		`"message":"error: one line"}`)
	got := Lines(router.JSON, in)
	want := []string{`    b_test.go:9: got \u003cnil\u003e`, `--- FAIL: TestB (0.01s)`, `FAIL\texample.com/pkg\t0.1s`}
	if len(got) != len(want) {
		t.Fatalf("Lines(json) = %q, want %q", got, want)
	}
	for i := range want {
		if string(got[i]) != want[i] {
			t.Errorf("line %d = %q, want %q", i, got[i], want[i])
		}
	}
	for _, c := range []struct {
		name, out string
		missing   int
	}{
		{"verbatim", string(in), 0},
		{"re-encoded", `{"output": "[… 2 lines omitted …]\n=== RUN   TestB\n    b_test.go:9: got <nil>\n--- FAIL: TestB (0.01s)\nFAIL\texample.com/pkg\t0.1s"}`, 0},
		{"cut", `{"output": "=== RUN   TestA\n--- PASS… [truncated from 180 bytes]"}`, 3},
		{"inside a line", `{"output": "x--- FAIL: TestB (0.01s)\n    b_test.go:9: got <nil>\nFAIL\texample.com/pkg\t0.1s"}`, 1},
	} {
		if m := AbsentIn(router.JSON, got, []byte(c.out)); len(m) != c.missing {
			t.Errorf("%s: missing %q, want %d lines", c.name, m, c.missing)
		}
	}
}

// TestRubocopExcerpts: an error's excerpt and caret count, a RuboCop
// convention's under it do not, though they come within the caret rule's
// reach of the error.
func TestRubocopExcerpts(t *testing.T) {
	text := "orders.rb:20:16: E: Lint/Syntax: unexpected token tEQL\n" +
		"(Using Ruby 2.6 parser; configure using TargetRubyVersion parameter, under AllCops)\n" +
		"  def find(id) = @orders.find { |o| o[\"id\"] == id }\n" +
		"               ^\n" +
		"pricing.rb:2:11: C: [Correctable] Style/MutableConstant: Freeze mutable objects assigned to constants.\n" +
		"  RATES = {\"eu\"=>0.2}\n" +
		"          ^^^^^^^^^^^^\n"
	var got []string
	for _, l := range Lines(router.Log, []byte(text)) {
		got = append(got, string(l))
	}
	want := []string{"orders.rb:20:16: E: Lint/Syntax: unexpected token tEQL",
		"  def find(id) = @orders.find { |o| o[\"id\"] == id }", "               ^"}
	if !slices.Equal(got, want) {
		t.Errorf("Lines = %q, want %q", got, want)
	}
}

// TestPythonLibFrames: a traceback's frames in the standard library and
// installed packages do not count, but the last, where the exception was
// raised; the program's frames and the exception do.
func TestPythonLibFrames(t *testing.T) {
	text := "Traceback (most recent call last):\n" +
		"  File \"/app/main.py\", line 4, in <module>\n" +
		"    load(\"bad.json\")\n" +
		"  File \"/usr/lib/python3.11/json/__init__.py\", line 346, in loads\n" +
		"    return _default_decoder.decode(s)\n" +
		"           ^^^^^^^^^^^^^^^^^^^^^^^^^^\n" +
		"  File \"/app/venv/lib/python3.11/site-packages/req/api.py\", line 9, in get\n" +
		"    return s.send(r)\n" +
		"  File \"/usr/lib/python3.11/json/decoder.py\", line 353, in raw_decode\n" +
		"    obj, end = self.scan_once(s, idx)\n" +
		"               ^^^^^^^^^^^^^^^^^^^^^^\n" +
		"json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)\n"
	var got []string
	for _, l := range Lines(router.Log, []byte(text)) {
		got = append(got, strings.TrimSpace(string(l)))
	}
	want := []string{"Traceback (most recent call last):", `File "/app/main.py", line 4, in <module>`,
		`File "/usr/lib/python3.11/json/decoder.py", line 353, in raw_decode`, "obj, end = self.scan_once(s, idx)",
		"^^^^^^^^^^^^^^^^^^^^^^", "json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)"}
	if !slices.Equal(got, want) {
		t.Errorf("Lines =\n%q\nwant\n%q", got, want)
	}
}

// TestInterpreterErrors checks the error reports of interpreters whose
// forms nothing else reads: Tcl's message above "while executing" and its
// script's place, Octave's places under "error: called from", GNU
// Prolog's exception in a directive, CLISP's "*** - " line.
func TestInterpreterErrors(t *testing.T) {
	for _, tt := range []struct {
		text string
		want []string
	}{
		{"divide by zero\n    while executing\n\"expr {$x / 0}\"\n    (procedure \"f\" line 1)\n    invoked from within\n\"f 3\"\n    (file \"a.tcl\" line 2)\n",
			[]string{"divide by zero", "    (file \"a.tcl\" line 2)"}},
		{"error: operator +: nonconformant arguments (op1 is 1x3, op2 is 1x2)\nerror: called from\n    helper at line 7 column 5\n    a at line 3 column 3\n",
			[]string{"error: operator +: nonconformant arguments (op1 is 1x3, op2 is 1x2)", "error: called from", "    helper at line 7 column 5", "    a at line 3 column 3"}},
		{"compiling /tmp/a.pl for byte code...\nwarning: /tmp/a.pl:1: user directive caused exception: error(type_error(evaluable,foo/0),(is)/2)\n",
			[]string{"warning: /tmp/a.pl:1: user directive caused exception: error(type_error(evaluable,foo/0),(is)/2)"}},
		{";; Loading file inv.lisp ...\n*** - *: NIL is not a number\n", []string{"*** - *: NIL is not a number"}},
		{"terminate called after throwing an instance of 'std::runtime_error'\n  what():  config missing: /etc/app.conf\n",
			[]string{"terminate called after throwing an instance of 'std::runtime_error'", "  what():  config missing: /etc/app.conf"}},
		{"the rest\n    while you wait\nthe office is at line 3 column 3\n", nil},
	} {
		var got []string
		for _, l := range Lines(router.Log, []byte(tt.text)) {
			got = append(got, string(l))
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("Lines(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}
