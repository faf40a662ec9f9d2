package logview

import (
	"fmt"
	"os"
	"testing"

	"github.com/kompress/kompress/internal/lossy"
)

func TestZZClasses(t *testing.T) {
	if os.Getenv("ZZ") == "" {
		t.Skip()
	}
	b, _ := os.ReadFile(os.Getenv("ZZ"))
	d := logParse(b, lossy.Options{})
	for i, l := range d.lines[:min(40, len(d.lines))] {
		fmt.Printf("%3d c=%d must=%v block=%d trace=%d %q\n", i, l.class, l.must, l.block, l.trace, string(l.text[:min(60, len(l.text))]))
	}
}

func TestZZView(t *testing.T) {
	if os.Getenv("ZZ") == "" {
		t.Skip()
	}
	b, _ := os.ReadFile(os.Getenv("ZZ"))
	d := logParse(b, lossy.Options{})
	d.markCopies()
	out := d.view(logDefault)
	fmt.Printf("%s\n--- %d -> %d\n", out, len(b), len(out))
}
