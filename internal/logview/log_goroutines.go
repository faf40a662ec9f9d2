package logview

import (
	"bytes"
	"slices"
	"strconv"

	"github.com/kompress/kompress/internal/lossy"
)

// Goroutine dumps (a Go panic with GOTRACEBACK=all, SIGQUIT, a test
// timeout) often hold dozens of goroutines with the same stack: workers
// blocked on one mutex or channel. logGroupGoroutines shows each distinct
// stack once, its first goroutine standing for the others with a note
// "[… 29 more goroutines with this stack: 8, 10–37 …]", and ranks the
// stacks so the plan keeps the user's goroutines (frames of main or of a
// module) before those only in the standard library, and those before the
// runtime's own (GC workers, finalizers). Frames inside the runtime
// (runtime.gopark, internal/sync) say less than the header's wait reason
// and are trimmed first.

// logGorMin is the fewest goroutines in a dump worth grouping.
const logGorMin = 4

// logGorIDs is the most goroutine ids (or id ranges) a note lists.
const logGorIDs = 40

// logGor is one goroutine of a dump: lines [start, end) of the log, the
// blank line that closes it included when there is one.
type logGor struct {
	start, end int
	id         []byte
	sig        string // wait reason and frames, without arguments and offsets
	tier       int    // 0 the first goroutine, 1 user code, 2 standard library, 3 runtime only
}

// logGroupGoroutines finds the goroutine dumps logMarkBlocks marked and
// groups their goroutines by stack.
func (d *logDoc) logGroupGoroutines() {
	ls := d.lines
	for i := 0; i < len(ls); {
		if !logGorHeader(ls[i].text) || ls[i].block < 0 {
			i++
			continue
		}
		head := ls[i].block
		var gs []logGor
		for i < len(ls) && ls[i].block == head && logGorHeader(ls[i].text) {
			g := logGor{start: i}
			i++
			for i < len(ls) && ls[i].block == head && !logGorHeader(ls[i].text) {
				i++
				if len(ls[i-1].text) == 0 {
					break
				}
			}
			g.end = i
			gs = append(gs, g)
		}
		if len(gs) >= logGorMin {
			d.groupDump(gs)
		}
	}
}

// logGorHeader matches "goroutine 7 [chan receive]:" and the SIGQUIT form
// "goroutine 7 gp=0x… m=nil [sleep]:".
func logGorHeader(t []byte) bool {
	return bytes.HasPrefix(t, []byte("goroutine ")) && bytes.HasSuffix(t, []byte("]:")) && bytes.IndexByte(t, '[') > 0
}

func (d *logDoc) groupDump(gs []logGor) {
	ls := d.lines
	for k := range gs {
		g := &gs[k]
		g.id, g.sig, g.tier = logGorSignature(ls[g.start:g.end])
		if k == 0 {
			// The first goroutine (the one that panicked) stands alone.
			g.tier, g.sig = 0, "\x00"+g.sig
		}
	}
	// Groups in order of first appearance, then ranked by tier.
	var reps []int
	members := map[string][]int{}
	for k, g := range gs {
		if k > 0 && len(members[g.sig]) > 0 {
			members[g.sig] = append(members[g.sig], k)
			continue
		}
		reps = append(reps, k)
		members[g.sig] = append(members[g.sig], k)
	}
	slices.SortStableFunc(reps, func(a, b int) int { return gs[a].tier - gs[b].tier })
	if d.gorRep == nil {
		d.gorRep = map[int]logGor{}
	}
	for rank, r := range reps {
		group := members[gs[r].sig]
		for _, k := range group {
			g := gs[k]
			for i := g.start; i < g.end; i++ {
				l := &ls[i]
				l.gor, l.dup = int32(rank), k != r
				if rank > 0 {
					l.trace = logGoTrace
				}
			}
			if k != r {
				d.gorRep[g.start] = gs[r]
			}
		}
		if rank > 0 {
			d.rankFrames(gs[r])
		} else if g := gs[r]; len(ls[g.end-1].text) == 0 {
			ls[g.end-1].pos = -1 // the blank line after the stack stays
		}
	}
}

// rankFrames numbers the frame lines of a goroutine for the plan's frame
// limit: frames of the user's code first, then the standard library's;
// frames inside the runtime come last, so they are trimmed first.
func (d *logDoc) rankFrames(g logGor) {
	ls := d.lines
	ls[g.start].pos = -1
	class := make([]uint8, g.end-g.start) // 0 user, 1 standard library, 2 runtime
	users := int32(0)
	c := uint8(0)
	for i := g.start + 1; i < g.end; i++ {
		t := ls[i].text
		switch {
		case len(t) == 0:
			ls[i].pos = -1
			continue
		case t[0] != '\t':
			f := bytes.TrimPrefix(t, []byte("created by "))
			switch {
			case logGorRuntime(f):
				c = 2
			case logGorUserFunc(f):
				c = 0
			default:
				c = 1
			}
		}
		class[i-g.start] = c
		if c == 0 {
			users++
		}
	}
	user, std := int32(0), users
	for i := g.start + 1; i < g.end; i++ {
		if len(ls[i].text) == 0 {
			continue
		}
		switch class[i-g.start] {
		case 0:
			ls[i].pos = user
			user++
		case 1:
			ls[i].pos = std
			std++
		default:
			ls[i].pos = 1 << 20
		}
	}
}

// appendSameStack writes the notes for ls[a:b], lines of goroutines whose
// stack a goroutine shown earlier has: one note per run of goroutines that
// share a shown one, "[… 28 goroutines with this stack, ids 22–49 (448
// lines) omitted …]" ("with goroutine 21's stack" when that is not the
// goroutine just above).
func (d *logDoc) appendSameStack(out []byte, a, b int) []byte {
	ls := d.lines
	for i := a; i < b; {
		rep, ok := d.gorRep[i]
		if !ok {
			// Not a header: a run cut by a line kept because it must stay.
			j := i + 1
			for j < b && !logGorHeader(ls[j].text) {
				j++
			}
			out = logAppendNote(out, j-i, "lines of goroutines shown above")
			i = j
			continue
		}
		var ids []int
		j := i
		for j < b {
			r, ok := d.gorRep[j]
			if !ok || r.start != rep.start {
				break
			}
			n, _ := strconv.Atoi(string(logGorID(ls[j].text)))
			ids = append(ids, n)
			for j++; j < b && !logGorHeader(ls[j].text); j++ {
			}
		}
		whose := "this stack"
		if rep.end != i {
			whose = "goroutine " + string(logGorID(ls[rep.start].text)) + "'s stack"
		}
		unit := "goroutines with " + whose + ", " + logGorIDList(ids) + " (" + strconv.Itoa(j-i) + " lines)"
		out = append(append(out, lossy.Omitted(len(ids), unit)...), '\n')
		i = j
	}
	return out
}

// logGorID returns the id in a goroutine header line.
func logGorID(h []byte) []byte {
	rest := h[len("goroutine "):]
	if sp := bytes.IndexByte(rest, ' '); sp > 0 {
		return rest[:sp]
	}
	return nil
}

// logGorIDList lists goroutine ids, consecutive ones as a range: "ids 8,
// 10–37", at most logGorIDs entries and then a count of the rest.
func logGorIDList(ids []int) string {
	b := []byte("ids ")
	if len(ids) == 1 {
		b = []byte("id ")
	}
	listed := 0
	for i := 0; i < len(ids); {
		j := i + 1
		for j < len(ids) && ids[j] == ids[j-1]+1 {
			j++
		}
		if listed == logGorIDs {
			b = append(b, " and "...)
			b = strconv.AppendInt(b, int64(len(ids)-i), 10)
			b = append(b, " more"...)
			break
		}
		if listed > 0 {
			b = append(b, ", "...)
		}
		listed++
		b = strconv.AppendInt(b, int64(ids[i]), 10)
		if j-i > 1 {
			b = append(b, "–"...)
			b = strconv.AppendInt(b, int64(ids[j-1]), 10)
		}
		i = j
	}
	return string(b)
}

// logGorSignature returns a goroutine's id, its stack with the arguments,
// offsets, frame pointers and durations taken out, and its tier.
func logGorSignature(lines []logLine) (id []byte, sig string, tier int) {
	h := lines[0].text
	id = logGorID(h)
	state := h[bytes.IndexByte(h, '[')+1 : len(h)-2]
	if c := bytes.IndexByte(state, ','); c >= 0 {
		state = state[:c] // ", 5 minutes", ", locked to thread"
	}
	b := append([]byte(nil), state...)
	user, std := false, false
	for _, l := range lines[1:] {
		t := l.text
		switch {
		case len(t) == 0:
			continue
		case t[0] == '\t':
			if sp := bytes.IndexByte(t, ' '); sp > 0 {
				t = t[:sp] // " +0x1d fp=… sp=… pc=…"
			}
		default:
			if bytes.HasPrefix(t, []byte("created by ")) {
				t = t[len("created by "):]
				if in := bytes.Index(t, []byte(" in goroutine ")); in >= 0 {
					t = t[:in]
				}
			} else if p := bytes.LastIndexByte(t, '('); p > 0 && t[len(t)-1] == ')' {
				t = t[:p]
			}
			switch {
			case logGorRuntime(t):
			case logGorUserFunc(t):
				user = true
			default:
				std = true
			}
		}
		b = append(append(b, '\n'), t...)
	}
	switch {
	case user:
		tier = 1
	case std:
		tier = 2
	default:
		tier = 3
	}
	return id, string(b), tier
}

// logGorRuntime reports whether a frame's function is the runtime's own.
func logGorRuntime(f []byte) bool {
	f = bytes.TrimPrefix(f, []byte("created by "))
	return bytes.HasPrefix(f, []byte("runtime.")) || bytes.HasPrefix(f, []byte("internal/")) ||
		bytes.HasPrefix(f, []byte("runtime/internal/"))
}

// logGorUserFunc reports whether a function is outside the standard
// library: package main, or a module path (its first element has a dot).
func logGorUserFunc(f []byte) bool {
	if bytes.HasPrefix(f, []byte("main.")) {
		return true
	}
	first := f
	if sl := bytes.IndexByte(f, '/'); sl >= 0 {
		first = f[:sl]
	} else {
		return false
	}
	return bytes.IndexByte(first, '.') >= 0
}
