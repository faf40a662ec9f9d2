package envconfig

import (
	"strconv"
	"strings"
	"testing"
	"time"
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

func TestParseSize(t *testing.T) {
	for in, want := range map[string]int64{"1": 1, "1024": 1024, "4KiB": 4 << 10, "32MiB": 32 << 20, "1GiB": 1 << 30, "10B": 10, " 2 MiB ": 2 << 20} {
		if got, err := ParseSize(in); err != nil || got != want {
			t.Errorf("ParseSize(%q) = %d, %v, want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "0", "-1", "1.5MiB", "MiB", "12MB", "99999999GiB"} {
		if got, err := ParseSize(in); err == nil {
			t.Errorf("ParseSize(%q) = %d, want error", in, got)
		}
	}
}

// TestAccessors checks each kind of parser: unset is the zero value, a good
// value parses, a bad one is an error naming the variable.
func TestAccessors(t *testing.T) {
	for _, name := range []string{"KOMPRESS_MAX_BODY", "KOMPRESS_MAX_INFLIGHT", "KOMPRESS_SCORE_TIMEOUT", "KOMPRESS_DEBUG"} {
		t.Setenv(name, "")
	}
	if n, err := MaxBody(); n != 0 || err != nil {
		t.Errorf("unset MaxBody = %d, %v", n, err)
	}
	if n, err := MaxInFlight(); n != 0 || err != nil {
		t.Errorf("unset MaxInFlight = %d, %v", n, err)
	}
	if d, err := ScoreTimeout(); d != 0 || err != nil {
		t.Errorf("unset ScoreTimeout = %v, %v", d, err)
	}
	if Debug() {
		t.Error("empty KOMPRESS_DEBUG is on")
	}

	t.Setenv("KOMPRESS_MAX_BODY", "4KiB")
	t.Setenv("KOMPRESS_MAX_INFLIGHT", "7")
	t.Setenv("KOMPRESS_SCORE_TIMEOUT", "250ms")
	t.Setenv("KOMPRESS_DEBUG", "1")
	if n, err := MaxBody(); n != 4<<10 || err != nil {
		t.Errorf("MaxBody = %d, %v", n, err)
	}
	if n, err := MaxInFlight(); n != 7 || err != nil {
		t.Errorf("MaxInFlight = %d, %v", n, err)
	}
	if d, err := ScoreTimeout(); d != 250*time.Millisecond || err != nil {
		t.Errorf("ScoreTimeout = %v, %v", d, err)
	}
	if !Debug() {
		t.Error("KOMPRESS_DEBUG=1 is off")
	}

	bad := []struct {
		name, value string
		get         func() error
	}{
		{"KOMPRESS_MAX_BODY", "lots", func() error { _, err := MaxBody(); return err }},
		{"KOMPRESS_MAX_BODY", "0", func() error { _, err := MaxBody(); return err }},
		{"KOMPRESS_MAX_INFLIGHT", "0", func() error { _, err := MaxInFlight(); return err }},
		{"KOMPRESS_MAX_SCORING", "two", func() error { _, err := MaxScoring(); return err }},
		{"KOMPRESS_SCORE_TIMEOUT", "5", func() error { _, err := ScoreTimeout(); return err }},
		{"KOMPRESS_SHUTDOWN_TIMEOUT", "-1s", func() error { _, err := ShutdownTimeout(); return err }},
	}
	for _, tt := range bad {
		t.Setenv(tt.name, tt.value)
		err := tt.get()
		if err == nil || !strings.Contains(err.Error(), tt.name) || !strings.Contains(err.Error(), strconv.Quote(tt.value)) {
			t.Errorf("%s=%s: error %v, want one naming the variable and value", tt.name, tt.value, err)
		}
	}
}

func TestRedaction(t *testing.T) {
	t.Setenv("KOMPRESS_STORE", "redis://user:pw@db:6379/0")
	t.Setenv("KOMPRESS_API_KEY", "k")
	m := AsMap()
	if got := m["KOMPRESS_STORE"]; got != "redis://[redacted]@db:6379/0" {
		t.Errorf("KOMPRESS_STORE logged as %q", got)
	}
	if got := m["KOMPRESS_API_KEY"]; got != "set" {
		t.Errorf("KOMPRESS_API_KEY logged as %q", got)
	}
	if Store() != "redis://user:pw@db:6379/0" || APIKey() != "k" {
		t.Errorf("Store %q, APIKey %q", Store(), APIKey())
	}
}

// TestNamesOnce checks that the table names each variable once.
func TestNamesOnce(t *testing.T) {
	seen := map[string]bool{}
	for _, v := range Vars {
		if seen[v.Name] || !strings.HasPrefix(v.Name, "KOMPRESS_") || v.Usage == "" {
			t.Errorf("entry %+v", v)
		}
		seen[v.Name] = true
	}
}
