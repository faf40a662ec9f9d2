package envconfig

import (
	"strings"
	"testing"
)

func TestAsMap(t *testing.T) {
	t.Setenv("KOMPRESS_API_KEYS", "a=secret-key")
	t.Setenv("KOMPRESS_SCORE_TIMEOUT", "5s")
	t.Setenv("KOMPRESS_DEBUG", "")
	m := AsMap()
	if len(m) != len(Vars) {
		t.Fatalf("%d entries for %d variables", len(m), len(Vars))
	}
	for name, want := range map[string]string{
		"KOMPRESS_API_KEYS":      "set",
		"KOMPRESS_SCORE_TIMEOUT": "5s",
		"KOMPRESS_WRITE_TIMEOUT": "default 90s",
		"KOMPRESS_DEBUG":         "unset",
	} {
		if m[name] != want {
			t.Errorf("%s = %q, want %q", name, m[name], want)
		}
	}
}

func TestHelp(t *testing.T) {
	h := Help()
	for _, v := range Vars {
		if !strings.Contains(h, v.Name+" ") {
			t.Errorf("%s missing from help", v.Name)
		}
	}
	if !strings.Contains(h, "http.Server WriteTimeout (default 90s)\n") {
		t.Errorf("default not shown:\n%s", h)
	}
}
