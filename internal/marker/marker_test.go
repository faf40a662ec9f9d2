package marker_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/kompress/kompress/internal/marker"
	"github.com/kompress/kompress/store"
	"github.com/kompress/kompress/store/storetest"
)

const id = "ab12cd34ef56"

func TestMarker(t *testing.T) {
	cases := []struct {
		id             string
		omitted, total int
		unit, want     string
	}{
		{id, 87, 120, "lines", "[kompress: 87 of 120 lines omitted; full output: retrieve id=ab12cd34ef56]"},
		{"AB12CD34EF56", 0, 0, "Rows", "[kompress: 0 of 0 rows omitted; full output: retrieve id=ab12cd34ef56]"},
		{id, 5, 3, "hits", "[kompress: 5 of 5 hits omitted; full output: retrieve id=ab12cd34ef56]"},
		{id, -1, -9, "", "[kompress: 0 of 0 items omitted; full output: retrieve id=ab12cd34ef56]"},
		{id, 1, 2, "log lines!", "[kompress: 1 of 2 loglines omitted; full output: retrieve id=ab12cd34ef56]"},
		{id, 1, 2, "été", "[kompress: 1 of 2 t omitted; full output: retrieve id=ab12cd34ef56]"},
	}
	for _, c := range cases {
		got := marker.Marker(c.id, c.omitted, c.total, c.unit)
		if got != c.want {
			t.Errorf("Marker(%q, %d, %d, %q) =\n %s\nwant\n %s", c.id, c.omitted, c.total, c.unit, got, c.want)
		}
		refs := marker.Find([]byte(got))
		if len(refs) != 1 || refs[0].Start != 0 || refs[0].End != len(got) || refs[0].ID != strings.ToLower(c.id) {
			t.Errorf("Find(Marker(...)) = %+v, want one ref spanning %q", refs, got)
		}
	}
	huge := marker.Marker(id, 1<<62, 1<<62, "bytes")
	if !marker.HasMarker([]byte(huge)) {
		t.Errorf("Marker with huge counts does not parse: %s", huge)
	}
}

func TestFindInContext(t *testing.T) {
	m := marker.Marker(id, 3, 10, "lines")
	long := strings.Repeat("0f", 32)
	mLong := marker.Marker(long, 1, 2, "rows")
	cases := []struct {
		name  string
		text  string
		spans []string // the marker texts expected, in order
		ids   []string
	}{
		{"alone", m, []string{m}, []string{id}},
		{"in a log", "line 1\nline 2\n" + m + "\nline 10\n", []string{m}, []string{id}},
		{"in a JSON string", `{"rows":["` + m + `"],"n":1}`, []string{m}, []string{id}},
		{"quoted and followed by comma", `"` + m + `",`, []string{m}, []string{id}},
		{"markdown quote", "> " + m + "\n", []string{m}, []string{id}},
		{"in parentheses", "(" + m + ")", []string{m}, []string{id}},
		{"two, back to back", m + mLong, []string{m, mLong}, []string{id, long}},
		{"upper-case id", strings.Replace(m, id, strings.ToUpper(id), 1), []string{strings.Replace(m, id, strings.ToUpper(id), 1)}, []string{id}},
		{"false start before a real one", "[kompress: x " + m, []string{m}, []string{id}},
		{"nested in a prefix", "[kompress: [kompress: " + m, []string{m}, []string{id}},
		{"64-char id", mLong, []string{mLong}, []string{long}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			refs := marker.Find([]byte(c.text))
			if len(refs) != len(c.spans) {
				t.Fatalf("Find found %d markers, want %d: %+v", len(refs), len(c.spans), refs)
			}
			for i, r := range refs {
				if got := c.text[r.Start:r.End]; got != c.spans[i] || r.ID != c.ids[i] {
					t.Errorf("ref %d = %q id %q, want %q id %q", i, got, r.ID, c.spans[i], c.ids[i])
				}
			}
			if !marker.HasMarker([]byte(c.text)) {
				t.Error("HasMarker = false")
			}
		})
	}
	r := marker.Find([]byte(m))[0]
	if r.Omitted != 3 || r.Total != 10 || r.Unit != "lines" {
		t.Errorf("ref = %+v, want 3 of 10 lines", r)
	}
}

// TestFindForeign: text that resembles a marker but is not exactly ours.
func TestFindForeign(t *testing.T) {
	m := marker.Marker(id, 3, 10, "lines")
	foreign := map[string]string{
		"other tool":         "[headroom: 3 of 10 lines omitted; ccr_id=ab12cd34ef56]",
		"capitalised":        strings.Replace(m, "kompress", "Kompress", 1),
		"no space after":     strings.Replace(m, "kompress: ", "kompress:", 1),
		"truncated":          m[:len(m)-1],
		"truncated id":       m[:len(m)-5],
		"cut after prefix":   "[kompress: ",
		"11-char id":         strings.Replace(m, id, id[:11], 1),
		"65-char id":         strings.Replace(m, id, strings.Repeat("a", 65), 1),
		"non-hex id":         strings.Replace(m, id, "ab12cd34ef5g", 1),
		"id with dash":       strings.Replace(m, id, "ab12cd-34ef56", 1),
		"omitted > total":    strings.Replace(m, "3 of 10", "11 of 10", 1),
		"leading zero":       strings.Replace(m, "3 of", "03 of", 1),
		"comma grouping":     strings.Replace(m, "10 lines", "1,000 lines", 1),
		"negative count":     strings.Replace(m, "3 of", "-3 of", 1),
		"upper-case unit":    strings.Replace(m, "lines", "LINES", 1),
		"no unit":            strings.Replace(m, " lines", " ", 1),
		"unit too long":      strings.Replace(m, "lines", strings.Repeat("l", 17), 1),
		"different verb":     strings.Replace(m, "retrieve", "fetch", 1),
		"extra space in id":  strings.Replace(m, "id=", "id= ", 1),
		"wrapped line":       strings.Replace(m, "full output", "full\noutput", 1),
		"round brackets":     "(" + m[1:len(m)-1] + ")",
		"count overflow":     strings.Replace(m, "3 of 10", "3 of 99999999999999999999", 1),
		"fullwidth brackets": "［" + m[1:len(m)-1] + "］",
	}
	for name, text := range foreign {
		if refs := marker.Find([]byte(text)); len(refs) != 0 {
			t.Errorf("%s: Find(%q) = %+v, want nothing", name, text, refs)
		}
		if marker.HasMarker([]byte(text)) {
			t.Errorf("%s: HasMarker(%q) = true", name, text)
		}
	}
}

func TestExpand(t *testing.T) {
	ctx := context.Background()
	s := storetest.Memory(t)
	orig := []byte("line 1\nline 2\nline 3\n")
	sid, err := s.Put(ctx, "", orig)
	if err != nil {
		t.Fatal(err)
	}
	get := func(ctx context.Context, id string) ([]byte, error) { return s.Get(ctx, "", id) }
	m := marker.Marker(sid, 1, 3, "lines")
	unknown := marker.Marker("0123456789ab", 1, 3, "lines")
	text := []byte("before\n" + m + "\nmid " + unknown + "\n" + m + " after")
	out, expanded, missing, err := marker.Expand(ctx, text, get)
	if err != nil {
		t.Fatal(err)
	}
	want := "before\n" + string(orig) + "\nmid " + unknown + "\n" + string(orig) + " after"
	if string(out) != want {
		t.Errorf("Expand =\n%q\nwant\n%q", out, want)
	}
	if fmt.Sprint(expanded) != fmt.Sprint([]string{sid}) || fmt.Sprint(missing) != "[0123456789ab]" {
		t.Errorf("expanded %v missing %v, want [%s] [0123456789ab]", expanded, missing, sid)
	}

	// Nothing to expand: the text comes back as is.
	plain := []byte("no markers [kompress: here")
	out, expanded, missing, err = marker.Expand(ctx, plain, get)
	if err != nil || !bytes.Equal(out, plain) || expanded != nil || missing != nil {
		t.Errorf("Expand(plain) = %q, %v, %v, %v", out, expanded, missing, err)
	}

	// get is asked once per distinct id.
	calls := 0
	counting := func(ctx context.Context, id string) ([]byte, error) { calls++; return get(ctx, id) }
	if _, _, _, err := marker.Expand(ctx, []byte(m+m+m), counting); err != nil || calls != 1 {
		t.Errorf("three markers of one id: %d get calls, err %v; want 1", calls, err)
	}
}

func TestExpandStoreDown(t *testing.T) {
	m := []byte("x " + marker.Marker(id, 1, 2, "lines"))
	down := func(ctx context.Context, id string) ([]byte, error) {
		return nil, fmt.Errorf("%w: redis: connection refused", store.ErrUnavailable)
	}
	out, _, _, err := marker.Expand(context.Background(), m, down)
	if !errors.Is(err, store.ErrUnavailable) || out != nil {
		t.Errorf("Expand with store down = %q, %v; want ErrUnavailable", out, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	never := func(ctx context.Context, id string) ([]byte, error) {
		t.Error("get called after cancel")
		return nil, nil
	}
	if _, _, _, err := marker.Expand(ctx, m, never); !errors.Is(err, context.Canceled) {
		t.Errorf("Expand with canceled ctx err = %v, want context.Canceled", err)
	}
}

func TestExpandEmptyOriginal(t *testing.T) {
	m := marker.Marker(id, 0, 0, "lines")
	empty := func(ctx context.Context, id string) ([]byte, error) { return nil, nil }
	out, expanded, _, err := marker.Expand(context.Background(), []byte("<"+m+">"), empty)
	if err != nil || string(out) != "<>" || len(expanded) != 1 {
		t.Errorf("Expand(empty original) = %q, %v, %v", out, expanded, err)
	}
}

func FuzzFind(f *testing.F) {
	f.Add([]byte(marker.Marker(id, 3, 10, "lines")))
	f.Add([]byte("[kompress: 1 of 2 x omitted; full output: retrieve id=" + strings.Repeat("A", 64) + "]"))
	f.Add([]byte("[kompress: [kompress: 0 of 0"))
	f.Fuzz(func(t *testing.T, text []byte) {
		refs := marker.Find(text)
		last := 0
		for _, r := range refs {
			if r.Start < last || r.End <= r.Start || r.End > len(text) {
				t.Fatalf("bad span %+v (previous end %d, len %d)", r, last, len(text))
			}
			last = r.End
			span := string(text[r.Start:r.End])
			if want := marker.Marker(r.ID, r.Omitted, r.Total, r.Unit); !strings.EqualFold(span, want) {
				t.Fatalf("span %q does not re-render: %q", span, want)
			}
		}
		if marker.HasMarker(text) != (len(refs) > 0) {
			t.Fatalf("HasMarker = %v with %d refs", !(len(refs) > 0), len(refs))
		}
	})
}

func FuzzMarkerRoundTrip(f *testing.F) {
	f.Add([]byte{1, 2, 3, 4, 5, 6}, 3, 10, "lines", "before ", " after")
	f.Add(bytes.Repeat([]byte{0xff}, 32), 0, 0, "", "[kompress: ", "]")
	f.Fuzz(func(t *testing.T, raw []byte, omitted, total int, unit, before, after string) {
		if len(raw) < 6 || len(raw) > 32 {
			return
		}
		id := fmt.Sprintf("%x", raw)
		m := marker.Marker(id, omitted, total, unit)
		text := before + m + after
		var mine *marker.Ref
		for _, r := range marker.Find([]byte(text)) {
			if r.Start == len(before) {
				mine = &r
			}
		}
		if mine == nil || mine.End != len(before)+len(m) || mine.ID != id {
			t.Fatalf("marker %q at %d in %q not found intact: %+v", m, len(before), text, marker.Find([]byte(text)))
		}
		if mine.Omitted > mine.Total || mine.Omitted < 0 {
			t.Fatalf("counts %d of %d", mine.Omitted, mine.Total)
		}
	})
}
