package tableview

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/kompress/kompress/internal/toolline"
	"github.com/kompress/kompress/internal/viewtest"

	"github.com/kompress/kompress/internal/lossy"
)

var tableCeilings = map[string]float64{
	"df-h":                0,
	"perf-report-stdio":   0.45,
	"phpcs-psr12":         0.75,
	"ms-print-massif":     0.6,
	"dpkg-l":              0.03,
	"dpkg-query-tsv":      0.03,
	"go-test-results-tsv": 0,
	"ls-color":            0.05,
	"ls-l-usr-bin":        0.04,
	"lsblk-cols":          0,
	"npm-outdated":        0.32,
	"passwd-csv":          0, // 17 rows to drop: kept whole (tableKeepFew)
	"npm-ls-all-tree":     0.05,
	"tree-L2-crypto":      0.25,
	"tree-ascii-tls":      0.25,
	"go-mod-graph":        0.5,
	"pip-list":            0.2,
	"ps-aux":              0.32,
	"ps-ef":               0.3,
	"ss-tan":              0,
	"top-batch":           0.3,
}

func TestTableSamples(t *testing.T) {
	viewtest.CheckSamples(t, "table", Table, tableCeilings, func(t *testing.T, name string, in, out []byte) {
		if tableTreeParse(in) != nil || tableModGraphParse(in) != nil {
			tableCheckTree(t, in, out)
			return
		}
		if lines, _ := tableMassifParse(in); tablePerfParse(in) != nil || lines != nil || tablePhpcsRender(in) != nil {
			tableCheckNotes(t, in, out)
			return
		}
		inLines := tableLines(in)
		outLines := tableLines(out)
		if !bytes.Equal(inLines[0], outLines[0]) {
			t.Errorf("first line (header) changed: %q", outLines[0])
		}
		last := inLines[len(inLines)-1]
		if len(bytes.TrimSpace(last)) == 0 {
			last = inLines[len(inLines)-2]
		}
		if !bytes.Contains(out, last) {
			t.Errorf("last row dropped: %q", last)
		}
		// Every printed row is a line of the input, verbatim.
		set := map[string]bool{}
		for _, l := range inLines {
			set[string(l)] = true
		}
		for _, l := range outLines {
			if !set[string(l)] && !bytes.HasPrefix(l, []byte("[")) && !bytes.HasPrefix(l, []byte("  ")) {
				t.Errorf("row not in input: %q", l)
			}
		}
		if !bytes.Contains(out, []byte(" omitted rows]\n")) {
			t.Error("no summary of the omitted rows")
		}
	})
}

func TestTableGolden(t *testing.T) {
	for _, name := range []string{"ps-aux", "dpkg-l", "ls-l-usr-bin", "npm-ls-all-tree", "tree-ascii-tls", "go-mod-graph"} {
		t.Run(name, func(t *testing.T) {
			out, err := Table(viewtest.Read(t, "table", name), lossy.Options{})
			if err != nil {
				t.Fatal(err)
			}
			viewtest.Golden(t, "table", name, out)
		})
	}
}

func TestTableSummary(t *testing.T) {
	out, err := Table(viewtest.Read(t, "table", "ps-aux"), lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"  %CPU: min ", "  USER: root ×", "  PID: min "} {
		if !bytes.Contains(out, []byte(want)) {
			t.Errorf("summary lacks %q", want)
		}
	}
}

// tableCheckTree checks a tree view: input lines in order, every
// top-level entry kept (when there are few), no column summary, and notes
// that count exactly the lines dropped where they stand.
func tableCheckTree(t *testing.T, in, out []byte) {
	t.Helper()
	if bytes.Contains(out, []byte("omitted rows]")) {
		t.Error("column summary of a tree")
	}
	omitted, noted := 0, 0
	for _, g := range viewtest.Gaps(in, out) {
		omitted += max(0, g.To-g.From+1)
		noted += g.Noted
		if g.Noted != g.To-g.From+1 {
			t.Errorf("input lines %d–%d noted as %d", g.From, g.To, g.Noted)
		}
	}
	if omitted != noted || omitted == 0 {
		t.Errorf("notes count %d lines, %d omitted", noted, omitted)
	}
	if tr := tableTreeParse(in); tr != nil {
		top := 0
		for i, l := range tr.lines {
			if tr.depth[i] == 1 {
				top++
			}
			if tr.depth[i] <= 1 && top <= 40 && !bytes.Contains(out, append(append([]byte{}, l...), '\n')) {
				t.Errorf("top-level or root line dropped: %q", l)
			}
		}
	}
}

func TestTableTree(t *testing.T) {
	var b strings.Builder
	b.WriteString("app@1.0.0 /src/app\n")
	for i := range 12 {
		fmt.Fprintf(&b, "├─┬ dep%d@1.0.0\n", i)
		for j := range 6 {
			fmt.Fprintf(&b, "│ ├── sub%d-%d@2.0.0\n", i, j)
		}
		if i == 7 {
			b.WriteString("│ ├─┬ deep@1.0.0\n│ │ └── UNMET DEPENDENCY left-pad@^1.0.0\n")
		}
		b.WriteString("│ └── last@1.0.0 deduped\n")
	}
	b.WriteString("└── tail@3.0.0\n")
	in := []byte(b.String())
	out, err := Table(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tableCheckTree(t, in, out)
	for _, want := range []string{"│ ├─┬ deep@1.0.0\n│ │ └── UNMET DEPENDENCY left-pad@^1.0.0\n", "├─┬ dep11@1.0.0\n", "└── tail@3.0.0\n",
		"\n  [… 7 nested entries omitted …]\n"} {
		if !bytes.Contains(out, []byte(want)) {
			t.Errorf("view lacks %q:\n%s", want, out)
		}
	}
}

func TestTableTreeManyTop(t *testing.T) {
	var b strings.Builder
	b.WriteString("/src\n")
	for i := range 150 {
		fmt.Fprintf(&b, "|-- file%03d.go\n", i)
	}
	b.WriteString("`-- zz.go\n\n0 directories, 151 files\n")
	in := []byte(b.String())
	out, err := Table(in, lossy.Options{Query: "file077"})
	if err != nil {
		t.Fatal(err)
	}
	tableCheckTree(t, in, out)
	for _, want := range []string{"|-- file000.go\n", "|-- file077.go\n", "`-- zz.go\n", "0 directories, 151 files\n", " entries omitted …]\n"} {
		if !bytes.Contains(out, []byte(want)) {
			t.Errorf("view lacks %q:\n%s", want, out)
		}
	}
}

// TestTablePreambleHeader checks top -b: its summary lines are a preamble,
// the "PID USER ... COMMAND" line under them is the header (its %CPU and
// %MEM are header words), and the busiest processes, its first rows, stay.
func TestTablePreambleHeader(t *testing.T) {
	in := viewtest.Read(t, "table", "top-batch")
	out, err := Table(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"MiB Swap:      0.0 total,      0.0 free,      0.0 used.  23476.6 avail Mem ",
		"  PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND",
		"11909 root      20   0 1579772  30368  14540 S 100.0   0.1   0:00.29 new.test",
		"    1 root      10 -10   47252  14236   6912 S   0.0   0.1   1:31.96 process_api",
		"  %CPU: min 0.0",
		"  COMMAND: ",
	} {
		if !bytes.Contains(out, []byte(want)) {
			t.Errorf("view lacks %q:\n%s", want, out)
		}
	}
	if bytes.Contains(out, []byte("col 1")) {
		t.Errorf("columns not named by the header:\n%s", out)
	}
}

// TestTablePreambleHeaderEdges checks inputs whose blank line or header
// comes first: no preamble, no panic.
func TestTablePreambleHeaderEdges(t *testing.T) {
	rows := strings.Repeat("   12 root      20   0  1000   500   400 S   0.0   0.1   0:00.01 worker\n", 30)
	for _, in := range []string{
		"\n  PID USER      PR  NI  VIRT   RES   SHR S  %CPU  %MEM     TIME+ COMMAND\n" + rows,
		"  PID USER      PR  NI  VIRT   RES   SHR S  %CPU  %MEM     TIME+ COMMAND\n\n" + rows,
		"\n\n" + rows,
	} {
		if _, err := Table([]byte(in), lossy.Options{}); err != nil && !errors.Is(err, lossy.ErrNoGain) {
			t.Errorf("%q: %v", in[:20], err)
		}
		if got := tablePreambleHeader(tableLines([]byte(in))); got >= 0 {
			t.Errorf("%q: preamble header at %d, want none", in[:20], got)
		}
	}
}

func TestTableHeaderLabels(t *testing.T) {
	var b strings.Builder
	b.WriteString("COMMAND     PID   TID TASKCMD   USER   FD      TYPE DEVICE SIZE/OFF     NODE NAME\n")
	for i := range 60 {
		if i%3 == 0 {
			fmt.Fprintf(&b, "process_a     1                 root  %3d   unknown                          /proc/1/fd/%d (readlink: Permission denied)\n", i, i)
		} else {
			fmt.Fprintf(&b, "process_a     1    %2d tokio-rt- root  %3d   unknown                          /proc/1/task/%d/fd/1 (readlink: Permission denied)\n", 50+i, i, i)
		}
	}
	out, err := Table([]byte(b.String()), lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"  USER: root ×", "  TYPE: unknown ×", "  TASKCMD: tokio-rt- ×", "  NAME: "} {
		if !bytes.Contains(out, []byte(want)) {
			t.Errorf("summary lacks %q:\n%s", want, out)
		}
	}
	for _, bad := range []string{"col ", "Permission ×", "denied) ×"} {
		if bytes.Contains(out, []byte(bad)) {
			t.Errorf("summary has %q:\n%s", bad, out)
		}
	}
}

func TestTableKeepFew(t *testing.T) {
	var b strings.Builder
	b.WriteString("total 156\n")
	for i := range 31 {
		fmt.Fprintf(&b, "-rw-r--r--  1 root root  %4d Nov 29 14:36 file%d.go\n", 100+i, i)
	}
	if out, err := Table([]byte(b.String()), lossy.Options{}); !errors.Is(err, lossy.ErrNoGain) {
		t.Errorf("a 31-row listing was cut:\n%s", out)
	}
}

// sampleView returns testdata/samples/table/name and Table's view of it.
func sampleView(t *testing.T, name string) (in, out []byte) {
	t.Helper()
	in, err := os.ReadFile(filepath.Join("..", "..", "testdata", "samples", "table", name))
	if err != nil {
		t.Fatal(err)
	}
	if out, err = Table(in, lossy.Options{}); err != nil {
		t.Fatal(err)
	}
	return in, out
}

// TestTablePairs checks go list -m all, whose module and version no
// column lines up: the main module and the first and last rows stay, the
// rest is one note and a summary.
func TestTablePairs(t *testing.T) {
	in, out := sampleView(t, "go-list-m-gin.txt")
	lines := strings.Split(strings.TrimSuffix(string(in), "\n"), "\n")
	for _, want := range []string{lines[0] + "\n", lines[1] + "\n", lines[len(lines)-1] + "\n", " rows omitted: "} {
		if !strings.Contains(string(out), want) {
			t.Errorf("view lacks %q:\n%s", want, out)
		}
	}
	if len(out) > len(in)/2 {
		t.Errorf("view is %d of %d bytes:\n%s", len(out), len(in), out)
	}
}

// TestTableHexColumns checks that hexdump -C's byte columns get one line
// in the summary, not a count of byte values each, while a column of
// two-digit numbers is still summarised.
func TestTableHexColumns(t *testing.T) {
	_, out := sampleView(t, "hexdump-C-tzfile.txt")
	if !strings.Contains(string(out), "  col 2 … col 17: bytes in hex\n") || strings.Contains(string(out), "  col 5:") {
		t.Errorf("hex columns summarised one by one:\n%s", out)
	}
	var b strings.Builder
	b.WriteString("NAME        DAY   SIZE\n")
	for i := range 60 {
		fmt.Fprintf(&b, "file%-6d  %02d    %d\n", i, i%28+1, 100+i)
	}
	out, err := Table([]byte(b.String()), lossy.Options{})
	if err != nil || !strings.Contains(string(out), "  DAY: ") {
		t.Errorf("two-digit days not summarised (err %v):\n%s", err, out)
	}
}

// TestTableBlocksShareFew checks that the blocks of a report (a title,
// then pidstat's rows per interval and its averages) share the rows kept
// rather than cut: two blocks of 27 rows (19 each past the head and tail)
// are cut, as a 54-row table would be, while two of 12 rows stay whole.
func TestTableBlocksShareFew(t *testing.T) {
	blocks := func(rows int) []byte {
		var b strings.Builder
		b.WriteString("Linux 6.18.44 (vm) \t12/02/26 \t_x86_64_\t(2 CPU)\n")
		for _, stamp := range []string{"15:52:44", "Average:"} {
			b.WriteString("\n")
			fmt.Fprintf(&b, "%-8s      UID       PID   cswch/s nvcswch/s  Command\n", stamp)
			for i := range rows {
				fmt.Fprintf(&b, "%-8s  %7d %9d %9.2f %9.2f  worker-%d\n", stamp, i%3, 100+i*7, float64(i)*1.5, float64(i%4), i)
			}
		}
		return []byte(b.String())
	}
	tests := []struct {
		rows int
		cut  bool
	}{{27, true}, {12, false}}
	for _, tt := range tests {
		out, err := Table(blocks(tt.rows), lossy.Options{})
		if got := err == nil && strings.Contains(string(out), " rows omitted"); got != tt.cut {
			t.Errorf("two blocks of %d rows: cut = %v, want %v (err %v):\n%s", tt.rows, got, tt.cut, err, out)
		}
	}
}

func TestTableFailureRows(t *testing.T) {
	var b strings.Builder
	b.WriteString("NAME                          READY   STATUS             RESTARTS   AGE\n")
	for i := range 120 {
		status, restarts := "Running", 0
		switch i {
		case 33:
			status, restarts = "CrashLoopBackOff", 41
		case 71:
			status = "Error"
		case 98:
			status = "OOMKilled"
		}
		fmt.Fprintf(&b, "%-29s %-7s %-18s %-10d %dd\n", fmt.Sprintf("api-%d-7f9c8d", i), "1/1", status, restarts, i%9+1)
	}
	in := []byte(b.String())
	out, err := Table(in, lossy.Options{Query: "api-64-"})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"api-33-7f9c8d", "api-71-7f9c8d", "api-98-7f9c8d", "api-64-7f9c8d", "api-0-7f9c8d", "api-119-7f9c8d", "NAME "} {
		if !bytes.Contains(out, []byte(want)) {
			t.Errorf("row %q dropped", want)
		}
	}
	if bytes.Contains(out, []byte("api-50-7f9c8d")) {
		t.Error("an ordinary middle row survived")
	}
	if !bytes.Contains(out, []byte("  STATUS: Running ×")) {
		t.Errorf("no STATUS summary:\n%s", out)
	}
	if len(out) > len(in)/4 {
		t.Errorf("output %d of %d bytes", len(out), len(in))
	}
}

func TestTableCSVQuotedNewlines(t *testing.T) {
	var b strings.Builder
	b.WriteString("id,name,result,notes\n")
	for i := range 80 {
		switch i {
		case 0:
			b.WriteString("0,first,ok,\"multi\nline, with comma\"\n")
		case 40:
			b.WriteString("40,broken,FAILED,\"stack:\nline two\"\n")
		default:
			fmt.Fprintf(&b, "%d,row%d,ok,\"plain \"\"quoted\"\" note\"\n", i, i)
		}
	}
	in := []byte(b.String())
	out, err := Table(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"0,first,ok,\"multi\nline, with comma\"\n", "40,broken,FAILED,\"stack:\nline two\"\n", "id,name,result,notes\n"} {
		if !bytes.Contains(out, []byte(want)) {
			t.Errorf("record %q not kept whole:\n%s", want, out)
		}
	}
	if !bytes.Contains(out, []byte("  notes: plain \"quoted\" note ×")) {
		t.Errorf("quoted cells not decoded in the summary:\n%s", out)
	}
}

func TestTableQuery(t *testing.T) {
	in := viewtest.Read(t, "table", "dpkg-l")
	out, err := Table(in, lossy.Options{Query: "libcurl"})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range tableLines(in) {
		if bytes.Contains(l, []byte("libcurl")) && !bytes.Contains(out, l) {
			t.Errorf("query row dropped: %s", l)
		}
	}
}

func TestTableBadInput(t *testing.T) {
	for name, in := range map[string][]byte{
		"empty":    nil,
		"one-line": []byte("a b c\n"),
		"nul":      bytes.Repeat([]byte("a\x00b c d\n"), 50),
		"quote":    append([]byte("a,b\n\"open,"), bytes.Repeat([]byte("x,y\n"), 50)...),
		"ragged":   []byte(strings.Repeat("a b c\nd\n\n e f g h i j\n", 40)),
	} {
		t.Run(name, func(t *testing.T) {
			out, err := Table(in, lossy.Options{})
			if err != nil && !errors.Is(err, lossy.ErrNoGain) {
				t.Errorf("err = %v", err)
			}
			if err == nil && len(out) >= len(in) {
				t.Errorf("output %d >= input %d", len(out), len(in))
			}
		})
	}
}

func FuzzTable(f *testing.F) {
	for _, s := range viewtest.Samples(f, "table") {
		if len(s.In) < 4096 {
			f.Add(s.In)
		}
	}
	f.Add([]byte("a,b\n1,\"x\ny\"\n2,3\n"))
	f.Fuzz(func(t *testing.T, in []byte) {
		out, err := Table(in, lossy.Options{Query: "x"})
		again, _ := Table(in, lossy.Options{Query: "x"})
		if !bytes.Equal(out, again) {
			t.Fatal("not deterministic")
		}
		if err == nil && len(out) >= len(in) {
			t.Fatal("no gain without lossy.ErrNoGain")
		}
	})
}

func BenchmarkTable(b *testing.B) { viewtest.Bench(b, "table", Table) }

// TestTableCells: aligned columns come from the layout, so cells with
// spaces stay whole in the summaries (ps's lstart, ls -l's date, an
// author's name, ss's "Local Address:Port"); psql and sqlite3 -box keep
// their header, rules and footer; status rows (LISTEN) stay. The psql
// sample lives in testdata here: the router sends psql's tables to other
// kinds for now, so it is no table sample yet.
func TestTableCells(t *testing.T) {
	for _, tc := range []struct {
		name string
		want []string
	}{
		{"ps-lstart", []string{"  STARTED: Tue Dec  1 10:24:27 2026 ×", "  ELAPSED: 57:31 ×", "  STAT: I< ×"}},
		{"ls-l-usr-bin", []string{"  modified: Sep 20  2022 ×", "  name: 1080 distinct values"}},
		{"git-log-format-authors", []string{"  col 2: Tomas Aschan ×", "  col 3: 2025-09-01 ×"}},
		{"ss-tan-timewait", []string{"  Local Address:Port: ", "LISTEN    0      244        127.0.0.1:5432       0.0.0.0:*"}},
		{"psql-pg-settings", []string{
			"                  name                  |                 setting                 | unit |",
			"----------------------------------------+-----------------------------------------+------+",
			"\n(354 rows)\n", "  setting: off ×", "  category: Client Connection Defaults / Statement B… ×"}},
		{"sqlite3-box-dpkg", []string{"┌──", "│                  name                   │", "├──", "└──", "  size: min 2952, median 8329, max 158021"}},
		{"sqlite3-column-dpkg", []string{"name                                       version", "  status: install ok installed ×"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in, err := os.ReadFile(filepath.Join("testdata", tc.name+".txt"))
			if err != nil {
				in = viewtest.Read(t, "table", tc.name)
			}
			out, err := Table(in, lossy.Options{})
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tc.want {
				if !bytes.Contains(out, []byte(w)) {
					t.Errorf("view lacks %q:\n%s", w, out)
				}
			}
			if len(out) > len(in)/4 {
				t.Errorf("view %d of %d bytes", len(out), len(in))
			}
		})
	}
}

// TestTableStatusRows: rows whose status cell says LISTEN, FAILED, DOWN
// and the like are kept however many ordinary rows are cut; a file named
// like a status word is no status.
func TestTableStatusRows(t *testing.T) {
	var b strings.Builder
	b.WriteString("NAME        STATE     PORT  NOTE\n")
	for i := range 200 {
		state := "ok"
		switch i {
		case 40:
			state = "LISTEN"
		case 90:
			state = "DOWN"
		case 130:
			state = "Failed"
		}
		fmt.Fprintf(&b, "svc-%-6d  %-8s  %4d  timeout\n", i, state, 8000+i)
	}
	out, err := Table([]byte(b.String()), lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"svc-40      LISTEN", "svc-90      DOWN", "svc-130     Failed"} {
		if !bytes.Contains(out, []byte(w)) {
			t.Errorf("status row %q dropped:\n%s", w, out)
		}
	}
	if bytes.Contains(out, []byte("svc-100 ")) {
		t.Errorf("an ordinary row kept for its last cell:\n%s", out)
	}
}

// TestTableGapKeys checks that each note for omitted rows names the key of
// the first and last row it stands for (du's paths), so that a reader can
// ask for them.
func TestTableGapKeys(t *testing.T) {
	in := viewtest.Read(t, "table", "du-usr-share-doc")
	out, err := Table(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(in), "\n")
	notes := regexp.MustCompile(`\[… (\d+) rows omitted: (\S+) … (\S+) …\]`).FindAllStringSubmatch(string(out), -1)
	if len(notes) == 0 {
		t.Fatalf("no note names its rows:\n%s", out)
	}
	for _, m := range notes {
		for _, path := range m[2:] {
			if !slices.ContainsFunc(lines, func(l string) bool { return strings.HasSuffix(l, "\t"+path) }) {
				t.Errorf("note %q names %q, not a path of the input", m[0], path)
			}
		}
	}
}

// TestTableActionRows checks that a rule whose verdict refuses traffic
// among rules that accept is kept wherever the columns fall, and that a
// table of nothing but such rules is still cut.
func TestTableActionRows(t *testing.T) {
	var b strings.Builder
	b.WriteString("num  target  prot  source          port\n")
	for i := range 200 {
		target := "ACCEPT"
		switch {
		case i%10 == 3:
			target = "LOG" // too varied a column for a rare value
		case i == 120:
			target = "REJECT"
		}
		fmt.Fprintf(&b, "%-4d %-7s tcp   10.%d.0.0/16   %d\n", i+1, target, i, 8000+i)
	}
	out, err := Table([]byte(b.String()), lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(out, []byte("121  REJECT ")) {
		t.Errorf("the one REJECT rule dropped:\n%s", out)
	}
	out, err = Table([]byte(strings.ReplaceAll(b.String(), "ACCEPT", "DROP  ")), lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(out, []byte(" DROP ")); n > 20 {
		t.Errorf("%d DROP rules of a block list kept", n)
	}
}

// TestTableBlocks checks iptables -L -n -v: each chain is a table of its
// own under its title, its one DROP rule kept, and the summary of a chain
// names its header's columns, not those of the lines after the last chain.
func TestTableBlocks(t *testing.T) {
	in := viewtest.Read(t, "table", "iptables-L")
	out, err := Table(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{
		"41       0     0 DROP       6    --  *      *       0.0.0.0/0            0.0.0.0/0            tcp dpt:22\n",
		"-A INPUT -p tcp -m tcp --dport 22 -j DROP\n",
		"\nChain FORWARD (policy ACCEPT 0 packets, 0 bytes)\n",
		"\nChain OUTPUT (policy ACCEPT 0 packets, 0 bytes)\n",
		"  target: ACCEPT ×33\n",
		"  col 12: ACCEPT ×38\n", // iptables -S under the last chain: its own columns
	} {
		if !bytes.Contains(out, []byte(w)) {
			t.Errorf("output lacks %q:\n%s", w, out)
		}
	}
}

// TestTableTitledHeader checks readelf -S: the header under its title
// "Section Headers:" names the columns, the legend under "Key to Flags:"
// is no row, so every section (.text among them) is a row of few enough
// to keep them all.
func TestTableTitledHeader(t *testing.T) {
	in := viewtest.Read(t, "table", "readelf-S")
	td := tableParse(in)
	if td == nil {
		t.Fatal("no table")
	}
	if got, want := len(td.rows), 32; got != want {
		t.Errorf("%d rows, want %d sections", got, want)
	}
	if !slices.Contains(td.columns, "Name") {
		t.Errorf("columns %q not named by the header", td.columns)
	}
	out, err := Table(in, lossy.Options{})
	if err != nil && !errors.Is(err, lossy.ErrNoGain) {
		t.Fatal(err)
	}
	if err == nil && !bytes.Contains(out, []byte("  [15] .text ")) {
		t.Errorf(".text dropped:\n%s", out)
	}
}

// TestTableSections checks readelf -S of a binary with too many sections
// to keep them all, with -W (a row a line) and without (two lines a
// row): the code, constants, data and zeroed data (.text, .rodata, .data,
// .bss) and the executable sections stay whole, and the index "[ 5]" is
// one cell, not two.
func TestTableSections(t *testing.T) {
	for _, name := range []string{"readelf-S-W-go", "readelf-S-go"} {
		t.Run(name, func(t *testing.T) {
			in := viewtest.Read(t, "table", name)
			out, err := Table(in, lossy.Options{})
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(string(in), "\n")
			n := 0
			for i, l := range lines {
				f := strings.Fields(strings.Replace(l, "[ ", "[", 1))
				if len(f) < 2 || !strings.HasPrefix(f[0], "[") || f[0] == "[Nr]" {
					continue
				}
				row := l + "\n"
				if name == "readelf-S-go" {
					row += lines[i+1] + "\n"
				}
				want := slices.Contains([]string{".text", ".rodata", ".data", ".bss"}, f[1]) || strings.Contains(row, " AX ")
				if want {
					n++
					if !strings.Contains(string(out), row) {
						t.Errorf("section %s dropped or cut:\n%s", f[1], out)
					}
				}
			}
			if n < 5 {
				t.Fatalf("%d wanted sections in the sample", n)
			}
			if strings.Contains(string(out), "[ ×") || strings.Contains(string(out), "col 1: [ ") {
				t.Errorf("the index split in two:\n%s", out)
			}
		})
	}
}

// TestTableListing checks unzip -l of a jar: a file named like a failure
// ("org/junit/internal/AssumptionViolatedException.class") is no failure
// row, and the summary says which directories the dropped names are in.
func TestTableListing(t *testing.T) {
	in := viewtest.Read(t, "table", "unzip-l-junit4")
	out, err := Table(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(out, []byte("org/junit/internal/AssumptionViolatedException.class\n")) {
		t.Errorf("a class file kept for its name:\n%s", out)
	}
	if !bytes.Contains(out, []byte("  Name: 381 distinct values in org/junit/runners/ ×30, ")) {
		t.Errorf("the summary names no directories:\n%s", out)
	}
}

// TestTableTreeKeepFew checks that a small drawn tree (findmnt) keeps its
// nested entries rather than notes for them.
func TestTableTreeKeepFew(t *testing.T) {
	in := viewtest.Read(t, "table", "findmnt-tree")
	if tableTreeParse(in) == nil {
		t.Fatal("findmnt not read as a tree")
	}
	out, err := Table(in, lossy.Options{})
	if err != nil && !errors.Is(err, lossy.ErrNoGain) {
		t.Fatal(err)
	}
	if err == nil && !bytes.Contains(out, []byte("/dev/shm")) {
		t.Errorf("/dev/shm dropped:\n%s", out)
	}
}

// TestTableWarningsAndBlocks checks R's output read as a table: its
// warnings with the message under each, and the blocks between blank
// lines too small to cut (the "Coefficients:" rows), are kept.
func TestTableWarningsAndBlocks(t *testing.T) {
	in := viewtest.Read(t, "table", "r-script-error")
	out, err := Table(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{
		"Warning message:\nNAs introduced by coercion \n",
		"Warning messages:\n1: iteration 1 produced NA \n",
		"Warning in log(-1) : NaNs produced\n",
		"grpc         0.14463    0.17605   0.821    0.412\n",
		"\nCall:\nlm(formula = val ~ grp, data = df)\n",
	} {
		if !bytes.Contains(out, []byte(w)) {
			t.Errorf("output lacks %q:\n%s", w, out)
		}
	}
	if !bytes.Contains(out, []byte(" rows omitted")) {
		t.Errorf("the data frame's rows not cut:\n%s", out)
	}
}

// tableCheckNotes checks a view that keeps lines verbatim and drops runs of
// them for notes (perf report's call graphs, ms_print's snapshot rows):
// the kept lines are the input's, in order, and every comment line is
// among them.
func tableCheckNotes(t *testing.T, in, out []byte) {
	t.Helper()
	inLines := tableLines(in)
	j := 0
	for _, l := range tableLines(out) {
		if bytes.HasPrefix(bytes.TrimLeft(l, " "), []byte("[… ")) {
			continue // a note
		}
		for j < len(inLines) && !bytes.Equal(inLines[j], l) {
			if len(inLines[j]) > 0 && inLines[j][0] == '#' {
				t.Errorf("comment line dropped: %q", inLines[j])
			}
			j++
		}
		if j == len(inLines) {
			t.Fatalf("line not in input, or out of order: %q", l)
		}
		j++
	}
}

// tableSample reads testdata/samples/table/name.txt.
func tableSample(t *testing.T, name string) []byte {
	t.Helper()
	in, err := os.ReadFile(filepath.Join("..", "..", "testdata", "samples", "table", name+".txt"))
	if err != nil {
		t.Fatal(err)
	}
	return in
}

// TestTablePerfReport: perf report --stdio keeps every overhead row and
// the call graphs of the three hottest entries; the others' graphs become
// one note each. The column parser kept none of the rows.
func TestTablePerfReport(t *testing.T) {
	in := tableSample(t, "perf-report-stdio")
	for _, cut := range []int{len(in), len(in) * 55 / 100} { // whole and truncated
		out, err := Table(in[:cut], lossy.Options{})
		if err != nil {
			t.Fatal(err)
		}
		rows := 0
		for _, l := range tableLines(in[:cut]) {
			if tablePerfRow(l) {
				rows++
				if !bytes.Contains(out, append(l, '\n')) {
					t.Errorf("cut %d: overhead row dropped: %q", cut, l)
				}
			}
		}
		for _, want := range []string{"# Samples: 105  of event 'cpu-clock:ppp'\n", "               |--43.81%--main\n",
			"            |--42.86%--0x1b01f4001927e1\n"} {
			if !bytes.Contains(out, []byte(want)) {
				t.Errorf("cut %d: view lacks %q", cut, want)
			}
		}
		if notes := bytes.Count(out, []byte(" call-graph lines omitted …]\n")); rows < 10 || notes < rows-4 {
			t.Errorf("cut %d: %d rows, %d notes for dropped graphs", cut, rows, notes)
		}
	}
}

// TestTableMassif: ms_print keeps the chart, the detailed snapshots (the
// peak's row and allocation tree) and drops the other snapshot rows.
func TestTableMassif(t *testing.T) {
	in := tableSample(t, "ms-print-massif")
	out, err := Table(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"1.286^", " Detailed snapshots: [23, 27, 49 (peak)]\n",
		" 49     95,459,289        1,348,696        1,308,672        40,024            0\n97.03% (1,308,672B) (heap allocation functions)",
		"->17.79% (240,000B) 0x10932F: put (prof.c:7)\n", "  0              0                0                0             0            0\n[… 22 snapshots omitted …]\n"} {
		if !bytes.Contains(out, []byte(want)) {
			t.Errorf("view lacks %q:\n%s", want, out)
		}
	}
	if bytes.Contains(out, []byte("  1        135,293")) {
		t.Error("a plain snapshot row is kept")
	}
}

// TestTablePhpcs: phpcs's full report keeps every file's name and every
// error with its wrapped message and sniff; warnings become one note per
// file. The column parser dropped the second file's name and the wrapped
// rows.
func TestTablePhpcs(t *testing.T) {
	in := tableSample(t, "phpcs-psr12")
	out, err := Table(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"FILE: /tmp/qa4/fx/php/tests/MoneyTest.php\n", "FILE: /usr/share/php/PHPUnit/Framework/Assert.php\n",
		"  3 | ERROR   | [ ] Each class must be in a namespace of at least one\n    |         |     level (a top-level vendor name)\n    |         |     (PSR1.Classes.ClassDeclaration.MissingNamespace)\n",
		"[… 5 lint warnings (15 lines) omitted above: PSR1.Files.SideEffects.FoundWithSymbols ×1 at line 1; Generic.Files.LineLength.TooLong ×4 at lines 6, 8, 11, 14 …]\n" +
			"----------------------------------------------------------------------\nPHPCBF CAN FIX",
	} {
		if !bytes.Contains(out, []byte(want)) {
			t.Errorf("view lacks %q", want)
		}
	}
	if bytes.Contains(out, []byte("| WARNING |")) {
		t.Error("a warning row is kept")
	}
	if errs := bytes.Count(in, []byte("| ERROR   |")); bytes.Count(out, []byte("| ERROR   |")) != errs {
		t.Errorf("%d of %d error rows kept", bytes.Count(out, []byte("| ERROR   |")), errs)
	}
}

// FuzzTableActionWord holds tableActionWord to the rule it implements in
// place: the first field of bytes.Fields(raw) that is a word of
// tableActionWords, upper case anywhere, lower case first or last.
func FuzzTableActionWord(f *testing.F) {
	for _, s := range []string{
		"DROP       all  --  10.0.0.0/8  0.0.0.0/0", "ip saddr 10.0.0.1 drop", "drop ip saddr 10.0.0.1",
		"a drop of rain", "Anywhere  DENY IN  192.168.1.0/24", "\tREJECT\v", " drop\u00a0", "x\u0085drop",
		"blackhole 10.1.0.0/16 ", "PROHIBIT", "", "   ", "drop drop", "allow\n drop",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		var want []byte
		fs := bytes.Fields(raw)
		for j, w := range fs {
			if tableActionWords[string(w)] && (w[0] < 'a' || j == 0 || j == len(fs)-1) {
				want = w
				break
			}
		}
		if got := tableActionWord(raw); !bytes.Equal(got, want) || (got == nil) != (want == nil) {
			t.Errorf("tableActionWord(%q) = %q, want %q", raw, got, want)
		}
	})
}

// FuzzTableFloatBytes: every number strconv.ParseFloat reads is made of
// tableFloatBytes, so tableNumber's early rejection never drops one.
func FuzzTableFloatBytes(f *testing.F) {
	for _, s := range []string{"1e5", "-0x1p-2", "0x_1P+3", "inf", "-Infinity", "NaN", "+.5", "1_000", "3.14", "-rw-r--r--", "12:30"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if _, err := strconv.ParseFloat(s, 64); err != nil {
			return
		}
		for i := 0; i < len(s); i++ {
			if !tableFloatBytes[s[i]] {
				t.Fatalf("ParseFloat(%q) reads a number, but tableFloatBytes lacks %q", s, s[i])
			}
		}
	})
}

// TestTableHeaderLater checks strace -f -c -S calls: the summary's header
// and ruler come after strace's "Process N attached" lines and the traced
// program's errors, further down than a header is looked for. The header,
// the ruler and the top rows (the most frequent calls) must stay, and the
// lines above them as they are.
func TestTableHeaderLater(t *testing.T) {
	in := viewtest.Read(t, "table", "strace-c-S-calls-f")
	out, err := Table(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	lines := tableLines(in)
	at := slices.IndexFunc(lines, func(l []byte) bool { return bytes.HasPrefix(l, []byte("% time")) })
	if at < tableLateHeader {
		t.Fatalf("header at line %d, want it past %d", at, tableLateHeader)
	}
	for _, l := range lines[:at+5] { // what strace printed first, header, ruler, top 3 rows
		if !bytes.Contains(out, append(slices.Clip(l), '\n')) {
			t.Errorf("output lacks %q:\n%s", l, out)
		}
	}
	if bytes.Contains(out, []byte("col 1:")) {
		t.Errorf("rows summarised without their header:\n%s", out)
	}
	// Sorted by calls, the call that took most of the time is a dropped
	// row's: it stays, as the share column's peak.
	if w := " 65.92    0.005790         241        24        12 wait4\n"; !bytes.Contains(out, []byte(w)) {
		t.Errorf("output lacks %q:\n%s", w, out)
	}
}

// TestTableBenchRows checks go test -bench -benchmem: every benchmark's
// result row is what the run was for and stays, with its numbers.
func TestTableBenchRows(t *testing.T) {
	in, err := os.ReadFile("../../testdata/samples/log/go-test-bench-benchmem.txt") // routed as a log: a table of results all the same
	if err != nil {
		t.Fatal(err)
	}
	out, err := Table(in, lossy.Options{})
	if err != nil && !errors.Is(err, lossy.ErrNoGain) {
		t.Fatal(err)
	}
	if err != nil {
		return // kept whole
	}
	n := 0
	for _, l := range tableLines(in) {
		if toolline.BenchResult(l) {
			n++
			if !bytes.Contains(out, append(slices.Clip(l), '\n')) {
				t.Errorf("view lacks %q", l)
			}
		}
	}
	if n != 48 {
		t.Errorf("%d benchmark rows in the sample, want 48", n)
	}
}

// TestTableLsR: a recursive listing keeps every directory's path and
// total, the first entries of the first directories, and a failure entry
// wherever it is; the other entries are counted under their directory.
func TestTableLsR(t *testing.T) {
	var b strings.Builder
	for d := range 200 {
		fmt.Fprintf(&b, "./pkg/d%02d:\ntotal %d\n", d, 8*d)
		for f := range 9 {
			fmt.Fprintf(&b, "-rw-r--r-- 1 root root %5d Apr 12  2025 file%d.go\n", 100*f+d, f)
		}
		if d == 70 {
			b.WriteString("ls: cannot access './pkg/d70/broken': No such file or directory\n")
		}
		if d < 199 {
			b.WriteString("\n")
		}
	}
	in := []byte(b.String())
	out, err := Table(in, lossy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s := string(out)
	for d := range 200 {
		if !strings.Contains(s, fmt.Sprintf("./pkg/d%02d:\ntotal %d\n", d, 8*d)) {
			t.Errorf("directory d%02d's head is missing", d)
		}
	}
	for _, want := range []string{
		"-rw-r--r-- 1 root root   400 Apr 12  2025 file4.go\n[… 4 entries omitted …]\n", // d00: 5 of 9 shown
		"ls: cannot access './pkg/d70/broken': No such file or directory",
		"./pkg/d199:\ntotal 1592\n[… 9 entries omitted …]\n\n[summary of 1500 omitted rows]\n  type: 1500 files\n",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	if !strings.HasSuffix(s, "\n") {
		t.Error("output lacks the input's closing line break")
	}
	if len(out) > len(in)/3 {
		t.Errorf("%d of %d bytes kept", len(out), len(in))
	}
}
