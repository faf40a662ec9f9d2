package crush

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"
)

var tableCeilings = map[string]float64{
	"df-h":                0,
	"dpkg-l":              0.03,
	"dpkg-query-tsv":      0.03,
	"go-test-results-tsv": 0,
	"ls-color":            0.05,
	"ls-l-usr-bin":        0.04,
	"lsblk-cols":          0,
	"npm-outdated":        0.32,
	"passwd-csv":          0.6,
	"pip-list":            0.2,
	"ps-aux":              0.32,
	"ps-ef":               0.3,
	"ss-tan":              0,
}

func TestTableSamples(t *testing.T) {
	jsonCheckSamples(t, "table", Table, tableCeilings, func(t *testing.T, name string, in, out []byte) {
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
	for _, name := range []string{"ps-aux", "dpkg-l", "passwd-csv", "ls-l-usr-bin"} {
		t.Run(name, func(t *testing.T) {
			out, err := Table(readSample(t, "table", name), Options{})
			if err != nil {
				t.Fatal(err)
			}
			checkGolden(t, "table", name, out)
		})
	}
}

func TestTableSummary(t *testing.T) {
	out, err := Table(readSample(t, "table", "ps-aux"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"  %CPU: min ", "  USER: root ×", "  PID: min "} {
		if !bytes.Contains(out, []byte(want)) {
			t.Errorf("summary lacks %q", want)
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
	out, err := Table(in, Options{Query: "api-64-"})
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
	out, err := Table(in, Options{})
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
	in := readSample(t, "table", "dpkg-l")
	out, err := Table(in, Options{Query: "libcurl"})
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
			out, err := Table(in, Options{})
			if err != nil && !errors.Is(err, ErrNoGain) {
				t.Errorf("err = %v", err)
			}
			if err == nil && len(out) >= len(in) {
				t.Errorf("output %d >= input %d", len(out), len(in))
			}
		})
	}
}

func FuzzTable(f *testing.F) {
	for _, s := range readSamples(f, "table") {
		if len(s.in) < 4096 {
			f.Add(s.in)
		}
	}
	f.Add([]byte("a,b\n1,\"x\ny\"\n2,3\n"))
	f.Fuzz(func(t *testing.T, in []byte) {
		out, err := Table(in, Options{Query: "x"})
		again, _ := Table(in, Options{Query: "x"})
		if !bytes.Equal(out, again) {
			t.Fatal("not deterministic")
		}
		if err == nil && len(out) >= len(in) {
			t.Fatal("no gain without ErrNoGain")
		}
	})
}

func BenchmarkTable(b *testing.B) { jsonBench(b, "table", Table) }
