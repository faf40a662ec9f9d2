package server

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/kompress/kompress/internal/envconfig"
)

func TestParseKeys(t *testing.T) {
	ks, err := ParseKeys(" acme = k1 , globex=k2,acme=k3,")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(ks.Tenants(), ","); got != "acme,globex" {
		t.Errorf("tenants = %s", got)
	}
	kr := newKeyring(ks)
	for key, want := range map[string]string{"k1": "acme", "k2": "globex", "k3": "acme"} {
		if got, ok := kr.tenant(key); !ok || got != want {
			t.Errorf("tenant(%s) = %q, %v, want %s", key, got, ok, want)
		}
	}
	for _, key := range []string{"", "k", "k11", "K1", "acme"} {
		if got, ok := kr.tenant(key); ok {
			t.Errorf("tenant(%q) = %q, want no match", key, got)
		}
	}

	bad := []struct{ in, msg string }{
		{"", "no tenant=key"},
		{",,", "no tenant=key"},
		{"acme", "want tenant=key"},
		{"=k1", "tenant"},
		{"acme=", "empty key"},
		{"a b=k1", "tenant"},
		{"acme=k 1", "white space"},
		{"acme=k1,globex=k1", "already given"},
		{strings.Repeat("t", 65) + "=k", "tenant"},
	}
	for _, tt := range bad {
		_, err := ParseKeys(tt.in)
		if err == nil || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("ParseKeys(%q) = %v, want error with %q", tt.in, err, tt.msg)
		}
		if err != nil && strings.Contains(err.Error(), "k1") {
			t.Errorf("ParseKeys(%q) error echoes the key: %v", tt.in, err)
		}
	}
}

func TestConfigFromEnv(t *testing.T) {
	t.Setenv("KOMPRESS_API_KEYS", "acme=secret1")
	t.Setenv("KOMPRESS_MAX_BODY", "8MiB")
	t.Setenv("KOMPRESS_MAX_SCORING", "3")
	t.Setenv("KOMPRESS_SCORE_TIMEOUT", "250ms")
	c, err := ConfigFromEnv()
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Keys) != 1 || c.MaxBody != 8<<20 || c.MaxScoring != 3 || c.ScoreTimeout != 250*time.Millisecond {
		t.Errorf("config = %+v", c)
	}
	d := c.withDefaults()
	if d.RequestTimeout != DefaultRequestTimeout || d.ReadHeaderTimeout != DefaultReadHeaderTimeout {
		t.Errorf("defaults not applied: %+v", d)
	}

	t.Setenv("KOMPRESS_MAX_BODY", "lots")
	t.Setenv("KOMPRESS_MAX_SCORING", "0")
	t.Setenv("KOMPRESS_IDLE_TIMEOUT", "5")
	t.Setenv("KOMPRESS_API_KEYS", "acme")
	_, err = ConfigFromEnv()
	for _, name := range []string{"KOMPRESS_MAX_BODY", "KOMPRESS_MAX_SCORING", "KOMPRESS_IDLE_TIMEOUT", "KOMPRESS_API_KEYS"} {
		if err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("error %v does not name %s", err, name)
		}
	}
}

// TestEnvDefaults checks that the defaults --help shows for the server's
// variables are the defaults the server applies.
func TestEnvDefaults(t *testing.T) {
	set := 0
	for _, v := range envconfig.Vars {
		if v.Default != "" && v.Default[0] >= '0' && v.Default[0] <= '9' {
			t.Setenv(v.Name, v.Default)
			set++
		}
	}
	c, err := ConfigFromEnv()
	if err != nil || set < 8 {
		t.Fatalf("%d defaults set: %v", set, err)
	}
	want := Config{}.withDefaults()
	c.MaxScoring = want.MaxScoring               // "GOMAXPROCS" in the table
	c.ReadHeaderTimeout = want.ReadHeaderTimeout // not configurable
	c.Keys = nil
	if !reflect.DeepEqual(c, want) {
		t.Errorf("the table's defaults give %+v, the server's are %+v", c, want)
	}
}

func TestLoneSurrogate(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{`"plain"`, false},
		{`"\u00e9"`, false},
		{`"\ud83d\ude00"`, false},
		{`"\uD83D\uDE00"`, false},
		{`"\ud800"`, true},
		{`"\udfff"`, true},
		{`"\ud83d\u0041"`, true},
		{`"\ud83dx"`, true},
		{`"\ude00\ud83d"`, true},
		{`"\\ud800"`, false},
		{`"\\\ud800"`, true},
		{`"\"\ud83d\ude00\n"`, false},
		{`"\ud83d\ude00\ud800"`, true},
		{`"\u12"`, false}, // a syntax error the decoder reports
	}
	for _, tt := range tests {
		if _, got := loneSurrogate([]byte(tt.in)); got != tt.want {
			t.Errorf("loneSurrogate(%s) = %v, want %v", tt.in, got, tt.want)
		}
	}
}
