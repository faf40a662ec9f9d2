package fold

import (
	"bytes"
	"context"
	"errors"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// fakeProvider proposes whatever its function returns.
type fakeProvider struct {
	name    string
	propose func(ctx context.Context, content []byte) (*Proposal, error)
}

func (f fakeProvider) Name() string { return f.name }
func (f fakeProvider) Propose(ctx context.Context, content []byte, _ Info) (*Proposal, error) {
	return f.propose(ctx, content)
}

// honest proposes text whose recovery is exact.
func honest(name string, text []byte, eq Equivalence) fakeProvider {
	return fakeProvider{name, func(context.Context, []byte) (*Proposal, error) {
		return &Proposal{Text: text, Recover: func() ([]byte, error) { return Expand(text) }, Equivalence: eq}, nil
	}}
}

var jsonDoc = []byte(`{
  "name": "kompress",
  "enabled": true,
  "limits": {
    "min_bytes": 512,
    "min_savings": 0.05
  },
  "tools": [
    "Read",
    "Grep",
    "Bash"
  ],
  "padding": "` + strings.Repeat("x", 400) + `"
}
`)

// slack is the provider deadline for tests where every provider must
// finish: DefaultTimeout is tight for a machine loaded many times over.
const slack = time.Minute

func skipReason(o Outcome, name string) string {
	for _, s := range o.Skipped {
		if s.Provider == name {
			return s.Reason
		}
	}
	return ""
}

func TestGateSkipsBadProviders(t *testing.T) {
	content := jsonDoc
	minified := bytes.ReplaceAll(bytes.ReplaceAll(content, []byte("\n"), nil), []byte("  "), nil)
	minified = bytes.ReplaceAll(minified, []byte(": "), []byte(":"))
	lie := bytes.Replace(minified, []byte(`"enabled":true`), []byte(`"enabled":1`), 1)
	providers := []Provider{
		fakeProvider{"liar-json", func(context.Context, []byte) (*Proposal, error) {
			// Smaller, claims JSON equivalence, but true became 1.
			return &Proposal{Text: lie, Recover: func() ([]byte, error) { return lie, nil }, Equivalence: JSON}, nil
		}},
		fakeProvider{"liar-byte", func(context.Context, []byte) (*Proposal, error) {
			return &Proposal{Text: []byte("tiny"), Recover: func() ([]byte, error) { return content, nil }, Equivalence: Byte}, nil
		}},
		fakeProvider{"panics", func(context.Context, []byte) (*Proposal, error) { panic("boom") }},
		fakeProvider{"panics-in-recover", func(context.Context, []byte) (*Proposal, error) {
			return &Proposal{Text: []byte("x"), Recover: func() ([]byte, error) { panic("boom") }, Equivalence: Byte}, nil
		}},
		fakeProvider{"errors", func(context.Context, []byte) (*Proposal, error) { return nil, errors.New("no") }},
		fakeProvider{"nil", func(context.Context, []byte) (*Proposal, error) { return nil, nil }},
		honest("no-smaller", content, Byte),
		honest("wrong-and-bigger", append(bytes.Clone(content), "more\n"...), Byte),
		fakeProvider{"bad-equivalence", func(context.Context, []byte) (*Proposal, error) {
			return &Proposal{Text: minified, Recover: func() ([]byte, error) { return minified, nil }, Equivalence: "roughly"}, nil
		}},
	}
	g := &Gate{Providers: providers, Timeout: slack}
	o := g.Fold(context.Background(), content, Info{})
	want := map[string]string{
		"liar-json": SkipUnverified, "liar-byte": SkipUnverified, "panics": SkipPanic,
		"panics-in-recover": SkipPanic, "errors": SkipError, "nil": SkipNil,
		"no-smaller": SkipNoGain, "wrong-and-bigger": SkipNoGain, "bad-equivalence": SkipUnverified,
	}
	for name, reason := range want {
		if got := skipReason(o, name); got != reason {
			t.Errorf("%s: skip reason %q, want %q", name, got, reason)
		}
	}
	if o.Label != "json" || o.Equivalence != Byte {
		t.Errorf("winner %q (%s), want the built-in json fold, byte-exact", o.Label, o.Equivalence)
	}
	if err := Verify(content, o.Text, o.Equivalence); err != nil {
		t.Errorf("winning text does not verify: %v", err)
	}
}

// TestGateSkipsSlowProvider: a provider that never returns (it ignores its
// context, as a hung inference call would) is skipped at the deadline and
// the built-in fold wins. The deadline is tiny and the provider never ends,
// so the outcome does not depend on how loaded the machine is; the quick
// providers of TestGateSkipsBadProviders get slack instead, so none of
// them can be timed out by a slow schedule.
func TestGateSkipsSlowProvider(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	slow := fakeProvider{"slow", func(ctx context.Context, _ []byte) (*Proposal, error) {
		<-release // ignores ctx on purpose
		return nil, nil
	}}
	g := &Gate{Providers: []Provider{slow}, Timeout: time.Millisecond}
	o := g.Fold(context.Background(), jsonDoc, Info{})
	if got := skipReason(o, "slow"); got != SkipTimeout {
		t.Errorf("slow: skip reason %q, want %q", got, SkipTimeout)
	}
	if o.Label != "json" || o.Equivalence != Byte {
		t.Errorf("winner %q (%s), want the built-in json fold, byte-exact", o.Label, o.Equivalence)
	}
}

func TestGateExternalWinsWithMarginal(t *testing.T) {
	content := jsonDoc
	builtin := (&Gate{}).Fold(context.Background(), content, Info{})
	// Minified JSON without a header: JSON-equivalent and smaller than the
	// byte-exact built-in fold.
	text, _ := foldJSON(bytes.ReplaceAll(content, []byte("\n"), []byte(" ")))
	if text == nil {
		t.Fatal("no minified text")
	}
	g := &Gate{Providers: []Provider{honest("minifier", text, JSON)}, Timeout: slack}
	o := g.Fold(context.Background(), content, Info{})
	if o.Label != "minifier" || o.Equivalence != JSON {
		t.Fatalf("winner %q %s, want minifier json; skipped %v", o.Label, o.Equivalence, o.Skipped)
	}
	if o.BuiltinBytes != len(builtin.Text) {
		t.Errorf("BuiltinBytes = %d, want %d", o.BuiltinBytes, len(builtin.Text))
	}
	if o.MarginalBytes != len(builtin.Text)-len(text) || o.MarginalBytes <= 0 {
		t.Errorf("MarginalBytes = %d, want %d", o.MarginalBytes, len(builtin.Text)-len(text))
	}
	// Asking for byte equivalence only, the external one is not accepted.
	g.Accept = []Equivalence{Byte}
	o = g.Fold(context.Background(), content, Info{})
	if o.Label != "json" || skipReason(o, "minifier") != SkipNotAllowed {
		t.Errorf("byte-only gate chose %q, skipped %v", o.Label, o.Skipped)
	}
}

// upperUnfolder undoes blocks whose body is the original upper-cased by a
// (toy) provider that only ever sees lower-case ASCII.
type upperUnfolder struct{}

func (upperUnfolder) Unfold(body []byte) ([]byte, error) { return bytes.ToLower(body), nil }

func TestGateExternalBlocksMustExpand(t *testing.T) {
	if err := Register("upper", upperUnfolder{}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { unregister("upper") }) // -count=2 registers it again
	if err := Register("upper", upperUnfolder{}); err == nil {
		t.Error("registering a name twice succeeded")
	}
	if err := Register("rg", upperUnfolder{}); err == nil {
		t.Error("registering a built-in name succeeded")
	}
	content := []byte(strings.Repeat("the same line again\n", 60))
	// Honest and expandable: a block of the registered fold. It is not
	// smaller, so to win it claims nothing; we only check it verifies.
	block := Block("upper", bytes.ToUpper(content))
	if err := Verify(content, block, Byte); err != nil {
		t.Fatalf("registered block does not expand: %v", err)
	}
	// A provider whose Recover works but whose text Expand cannot undo
	// (no registered unfolder) is refused: `kompress expand` must work.
	secret := Block("unregistered", []byte("z\n"))
	g := &Gate{Providers: []Provider{fakeProvider{"opaque", func(context.Context, []byte) (*Proposal, error) {
		return &Proposal{Text: secret, Recover: func() ([]byte, error) { return content, nil }, Equivalence: Byte}, nil
	}}}, Timeout: slack}
	o := g.Fold(context.Background(), content, Info{})
	if got := skipReason(o, "opaque"); got != SkipUnverified {
		t.Errorf("opaque provider: skip %q, want unverified; winner %q", got, o.Label)
	}
	if o.Label != "repeat" {
		t.Errorf("winner %q, want repeat", o.Label)
	}
}

func TestGateDeterministicTies(t *testing.T) {
	content := []byte(strings.Repeat("a line that repeats itself\n", 30))
	best := (&Gate{}).Fold(context.Background(), content, Info{})
	// Two externals proposing exactly the built-in text: the built-in wins.
	g := &Gate{Providers: []Provider{honest("zz", best.Text, Byte), honest("aa", best.Text, Byte)}, Timeout: slack}
	for range 5 {
		o := g.Fold(context.Background(), content, Info{})
		if o.Label != "repeat" || o.MarginalBytes != 0 {
			t.Fatalf("tie went to %q (marginal %d)", o.Label, o.MarginalBytes)
		}
	}
	// Between externals of equal size, the name decides.
	text := Block("times", []byte("30\na line that repeats itself\n"))
	if len(text) >= len(best.Text) {
		t.Fatalf("test text %d bytes, not smaller than %d", len(text), len(best.Text))
	}
	g = &Gate{Providers: []Provider{honest("zz", text, Byte), honest("aa", text, Byte)}, Timeout: slack}
	for range 5 {
		o := g.Fold(context.Background(), content, Info{})
		if o.Label != "aa" || o.MarginalBytes != len(best.Text)-len(text) {
			t.Fatalf("tie went to %q (marginal %d)", o.Label, o.MarginalBytes)
		}
	}
}

// timesUnfolder undoes blocks whose body is a count and a line.
type timesUnfolder struct{}

func (timesUnfolder) Unfold(body []byte) ([]byte, error) {
	n, line, ok := bytes.Cut(body, []byte("\n"))
	if !ok {
		return nil, errors.New("no count")
	}
	k, err := strconv.Atoi(string(n))
	if err != nil {
		return nil, err
	}
	return bytes.Repeat(line, k), nil
}

func init() {
	if err := Register("times", timesUnfolder{}); err != nil {
		panic(err)
	}
}

func TestGateKeep(t *testing.T) {
	content := []byte(strings.Repeat("cmd/kompress/main.go:12:5: undefined: fold.Gate\n", 1) +
		strings.Repeat("internal/server/handlers.go:40:\tif err != nil {\n", 20))
	keep := func(l []byte) bool { return bytes.Contains(l, []byte("undefined")) }
	o := (&Gate{}).Fold(context.Background(), content, Info{Keep: keep})
	if o.Label == "" {
		t.Fatal("nothing folded")
	}
	if !bytes.Contains(o.Text, []byte("\ncmd/kompress/main.go:12:5: undefined: fold.Gate\n")) && !bytes.HasPrefix(o.Text, []byte("cmd/kompress/main.go:12:5: undefined: fold.Gate\n")) {
		t.Errorf("kept line not verbatim:\n%s", o.Text)
	}
	// A provider that drops the kept line is skipped.
	g := &Gate{Providers: []Provider{fakeProvider{"drops", func(context.Context, []byte) (*Proposal, error) {
		t := foldSearch(content, nil)
		return &Proposal{Text: t, Recover: func() ([]byte, error) { return Expand(t) }, Equivalence: Byte}, nil
	}}}, Timeout: slack}
	o = g.Fold(context.Background(), content, Info{Keep: keep})
	if got := skipReason(o, "drops"); got != SkipKeep {
		t.Errorf("provider dropping a kept line: skip %q, want keep", got)
	}
}

func TestGateContextCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var calls atomic.Int32
	g := &Gate{Providers: []Provider{fakeProvider{"p", func(ctx context.Context, _ []byte) (*Proposal, error) {
		calls.Add(1)
		<-ctx.Done()
		return nil, ctx.Err()
	}}}}
	o := g.Fold(ctx, jsonDoc, Info{})
	if !bytes.Equal(o.Text, jsonDoc) || o.Label != "" {
		t.Errorf("cancelled gate folded: %q", o.Label)
	}
}

func TestGateVisible(t *testing.T) {
	line := "\x1b[1;31merror\x1b[0m: \x1b[1mcannot find value `x` in this scope\x1b[0m\n"
	content := []byte(strings.Repeat("\x1b[32m   Compiling\x1b[0m kompress v0.1.0\n", 3) + line)
	o := (&Gate{}).Fold(context.Background(), content, Info{})
	if o.Equivalence == Visible {
		t.Fatal("visible equivalence accepted without being asked for")
	}
	o = (&Gate{Accept: []Equivalence{Byte, JSON, Visible}}).Fold(context.Background(), content, Info{})
	if o.Equivalence != Visible || bytes.IndexByte(o.Text, 0x1b) >= 0 {
		t.Fatalf("got %s %q", o.Equivalence, o.Text)
	}
	if err := Verify(content, o.Text, Byte); err == nil {
		t.Error("stripped text verified as byte-exact")
	}
	if err := Verify(content, o.Text, Visible); err != nil {
		t.Error(err)
	}
}

// unregister undoes Register, so a test that registers a fold can run
// again in the same process (go test -count=2).
func unregister(name string) {
	registry.Lock()
	defer registry.Unlock()
	delete(registry.m, name)
}
