package router

import (
	"fmt"
	"os"
	"testing"
)

func TestZZDebugLines(t *testing.T) {
	p := os.Getenv("ZZ_FILE")
	if p == "" {
		t.Skip()
	}
	b, _ := os.ReadFile(p)
	names := []string{"none", "search", "log", "json", "table", "code", "diff", "html", "prose"}
	_ = names
	for _, li := range classifyLines(b) {
		fmt.Printf("%d/%d %q\n", li.kind, li.weight, li.text(b))
	}
	for _, s := range Split(b) {
		fmt.Println(s.Kind, s.Start, s.End)
	}
}
