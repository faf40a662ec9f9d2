package proxy

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"

	"github.com/kompress/kompress/internal/tool"
)

// Live streams. Anthropic and Chat Completions streams of a request that
// got kompress_retrieve pass to the client as they arrive; only the retrieve
// calls and the end of the message are held back. When the model called
// only kompress_retrieve, the proxy answers, asks again with stream on, and
// goes on streaming the continuation into the same message, the client's
// blocks (or tool calls) renumbered after the ones already sent; the client
// sees one message. When the model called the client's tools too, the
// client gets its part and the message's end, and the hidden call is
// remembered as resolve does. Responses streams work the same way, their
// output items renumbered and the final response.completed rewritten to
// the items the client got.

// liveFilter is the API-specific part of a live stream.
type liveFilter interface {
	// startRound is called before each upstream stream of the turn.
	startRound(round int)
	// event returns what to send for one event now, or to hold until the
	// proxy knows whether the turn goes on (out is nil to drop it).
	event(ev sseEvent, raw []byte) (out []byte, hold bool)
	// shown records a round's complete message as the client got it.
	shown(msg []byte, root *value)
	// turn is the whole message the client assembled, for its anchor.
	turn() []byte
	// final rewrites the held events of the last round before they are
	// sent.
	final(held [][]byte) [][]byte
}

func (p *Proxy) streamLive(ctx context.Context, w http.ResponseWriter, a api, f liveFilter, up upstreamRequest, body []byte, prev string, resp *http.Response) {
	copyHeader(w.Header(), resp.Header)
	w.WriteHeader(resp.StatusCode)
	rc := http.NewResponseController(w)
	send := func(b []byte) {
		_, _ = w.Write(b)
		_ = rc.Flush()
	}
	var hidden [][]byte  // what the client did not see, for its next request
	var outputs [][]byte // Responses: the answers alone, for a chained next request
	src := resp.Body
	for round := 0; ; round++ {
		f.startRound(round)
		var raw bytes.Buffer
		var held [][]byte
		err := readEvents(src, func(ev sseEvent, evRaw []byte) {
			raw.Write(evRaw)
			out, hold := f.event(ev, evRaw)
			switch {
			case hold:
				held = append(held, out)
			case out != nil:
				send(out)
			}
		})
		if round > 0 {
			src.Close()
		}
		finish := func() {
			for _, b := range f.final(held) {
				send(b)
			}
		}
		if err != nil {
			abort() // the upstream or the client went away mid-stream
		}
		msg, err := accumulate(a, raw.Bytes())
		if err != nil {
			finish()
			return
		}
		root, err := parse(msg)
		if err != nil {
			finish()
			return
		}
		mine, theirs := splitCalls(a, msg, root)
		shown, sroot := msg, root
		if len(mine) > 0 {
			shown = dropCalls(a, msg, root, mine)
			sroot, _ = parse(shown)
		}
		f.shown(shown, sroot)
		if len(mine) > 0 {
			answers := make([][]byte, len(mine))
			for i, c := range mine {
				answers[i] = p.answer(ctx, a, c)
			}
			hidden = append(hidden, callsTurn(a, msg, root, mine, true), answerTurn(a, answers))
			if len(theirs) > 0 {
				outputs = append(outputs, answerTurn(a, answers))
			}
			if len(theirs) == 0 && round < maxRounds {
				body = appendTurn(a, body, callsTurn(a, msg, root, mine, false), answerTurn(a, answers), root.str(msg, "id"))
				next, errEvent := p.continueStream(ctx, a, up, body)
				if errEvent != nil {
					send(errEvent)
					return
				}
				src = next
				continue
			}
			if len(theirs) == 0 {
				// maxRounds retrieve-only rounds: the turn ends here.
				for i, b := range held {
					held[i] = endTurnEvent(a, b)
				}
			}
		}
		if len(hidden) > 0 {
			turn := f.turn()
			if tr, err := parse(turn); err == nil {
				p.remember(a, turn, tr, prev, hiddenTurn{full: joinRaw(hidden), outputs: joinRaw(outputs)})
			}
		}
		finish()
		return
	}
}

// anthropicFilter holds back kompress_retrieve content blocks and the
// message's end, drops the message_start of continuations and renumbers
// blocks.
type anthropicFilter struct {
	round   int
	next    int          // client index of the next visible block
	mine    map[int]bool // upstream indices of retrieve blocks, this round
	index   map[int]int  // upstream index → client index, this round
	visible [][]byte     // the blocks the client got
}

func (f *anthropicFilter) startRound(round int) {
	f.round, f.mine, f.index = round, map[int]bool{}, map[int]int{}
}

func (f *anthropicFilter) event(ev sseEvent, raw []byte) ([]byte, bool) {
	d, err := decodeObject(ev.data)
	if err != nil {
		return raw, false
	}
	idx, _ := asInt(d["index"])
	switch d["type"] {
	case "message_start":
		if f.round > 0 {
			return nil, false
		}
	case "content_block_start":
		blk := asObject(d["content_block"])
		if blk["type"] == "tool_use" && blk["name"] == tool.Retrieve {
			f.mine[idx] = true
			return nil, false
		}
		f.index[idx] = f.next
		f.next++
		return renumber(ev, raw, d, idx, f.index[idx]), false
	case "content_block_delta", "content_block_stop":
		if f.mine[idx] {
			return nil, false
		}
		return renumber(ev, raw, d, idx, f.index[idx]), false
	case "message_delta", "message_stop":
		return raw, true
	}
	return raw, false // ping, error
}

func (f *anthropicFilter) shown(msg []byte, root *value) {
	for _, blk := range root.get("content").array() {
		f.visible = append(f.visible, blk.raw(msg))
	}
}

func (f *anthropicFilter) turn() []byte {
	return []byte(`{"content":[` + string(joinRaw(f.visible)) + `]}`)
}

func (f *anthropicFilter) final(held [][]byte) [][]byte { return held }

// chatFilter leaves kompress_retrieve tool calls out of the chunks,
// renumbers the client's, and holds back the finish chunk, the usage chunk
// and [DONE].
type chatFilter struct {
	next  int          // client index of the next visible tool call
	mine  map[int]bool // upstream indices of retrieve calls, this round
	index map[int]int  // upstream index → client index, this round
	text  []byte       // the content the client got, over all rounds
	calls json.RawMessage
	// legacy: this round's function_call (the functions API) is a
	// retrieve call; function is the client's, as it got it.
	legacy   bool
	function json.RawMessage
}

func (f *chatFilter) startRound(int) {
	f.mine, f.index, f.legacy = map[int]bool{}, map[int]int{}, false
}

func (f *chatFilter) event(ev sseEvent, raw []byte) ([]byte, bool) {
	if string(ev.data) == "[DONE]" {
		return raw, true
	}
	d, err := decodeObject(ev.data)
	choices, _ := d["choices"].([]any)
	switch {
	case err != nil || len(choices) > 1:
		return raw, false
	case len(choices) == 0:
		return raw, true // the usage chunk comes last
	}
	ch := asObject(choices[0])
	delta := asObject(ch["delta"])
	changed := false
	if tcs, ok := delta["tool_calls"].([]any); ok {
		var keep []any
		for _, t := range tcs {
			tc := asObject(t)
			i, _ := asInt(tc["index"])
			if asObject(tc["function"])["name"] == tool.Retrieve {
				f.mine[i] = true
			}
			if f.mine[i] {
				changed = true
				continue
			}
			if _, seen := f.index[i]; !seen {
				f.index[i] = f.next
				f.next++
			}
			if f.index[i] != i {
				tc["index"] = f.index[i]
				changed = true
			}
			keep = append(keep, tc)
		}
		if len(keep) == 0 {
			delete(delta, "tool_calls")
		} else {
			delta["tool_calls"] = keep
		}
	}
	if fc, ok := delta["function_call"].(map[string]any); ok {
		f.legacy = f.legacy || fc["name"] == tool.Retrieve
		if f.legacy {
			delete(delta, "function_call")
			changed = true
		}
	}
	out := raw
	if changed {
		out = []byte("data: " + string(marshal(d)) + "\n\n")
	}
	if f, ok := ch["finish_reason"]; ok && f != nil {
		return out, true
	}
	if changed && len(delta) == 0 {
		return nil, false // it only carried the hidden call
	}
	return out, false
}

func (f *chatFilter) shown(msg []byte, root *value) {
	if ch := root.get("choices").array(); len(ch) > 0 {
		m := ch[0].get("message")
		if s, ok := m.get("content").text(msg); ok {
			f.text = append(f.text, s...)
		}
		f.calls, f.function = nil, nil
		if tcs := m.get("tool_calls"); tcs != nil {
			f.calls = json.RawMessage(tcs.raw(msg))
		}
		if fc := m.get("function_call"); fc.is('{') {
			f.function = json.RawMessage(fc.raw(msg))
		}
	}
}

func (f *chatFilter) final(held [][]byte) [][]byte { return held }

func (f *chatFilter) turn() []byte {
	m := object{"content": string(f.text)}
	if f.calls != nil {
		m["tool_calls"] = f.calls
	}
	if f.function != nil {
		m["function_call"] = f.function
	}
	return marshal(object{"choices": []any{object{"message": m}}})
}

// responsesFilter leaves kompress_retrieve function calls out of a
// Responses stream: it drops the events of their output items and the
// response.created / in_progress of continuations, renumbers output_index
// and sequence_number, and holds the final event (response.completed,
// incomplete or failed), whose output becomes the items the client got
// over all rounds.
type responsesFilter struct {
	round   int
	seq     int          // next sequence_number the client gets
	next    int          // client output_index of the next visible item
	mine    map[int]bool // upstream output indices of retrieve calls, this round
	index   map[int]int  // upstream output index → client index, this round
	changed bool         // an event was dropped or renumbered
	visible []json.RawMessage
}

func (f *responsesFilter) startRound(round int) {
	f.round, f.mine, f.index = round, map[int]bool{}, map[int]int{}
}

func (f *responsesFilter) event(ev sseEvent, raw []byte) ([]byte, bool) {
	d, err := decodeObject(ev.data)
	if err != nil {
		return raw, false
	}
	switch d["type"] {
	case "response.created", "response.in_progress", "response.queued":
		if f.round > 0 {
			f.changed = true
			return nil, false
		}
	case "response.completed", "response.incomplete", "response.failed":
		return raw, true
	}
	edit := false
	if idx, ok := asInt(d["output_index"]); ok {
		if item := asObject(d["item"]); d["type"] == "response.output_item.added" && item["type"] == "function_call" && item["name"] == tool.Retrieve {
			f.mine[idx] = true
		}
		if f.mine[idx] {
			f.changed = true
			return nil, false
		}
		to, seen := f.index[idx]
		if !seen {
			to = f.next
			f.index[idx] = to
			f.next++
		}
		if to != idx {
			d["output_index"] = to
			edit = true
		}
	}
	return f.sequence(ev, raw, d, edit), false
}

// sequence gives an event the client's next sequence_number, re-encoding
// it only when something changed.
func (f *responsesFilter) sequence(ev sseEvent, raw []byte, d object, edit bool) []byte {
	if n, ok := asInt(d["sequence_number"]); ok && n != f.seq {
		d["sequence_number"] = f.seq
		edit = true
	}
	f.seq++
	if !edit {
		return raw
	}
	f.changed = true
	return encodeEvent(ev, d)
}

func (f *responsesFilter) shown(msg []byte, root *value) {
	for _, it := range root.get("output").array() {
		f.visible = append(f.visible, json.RawMessage(it.raw(msg)))
	}
}

func (f *responsesFilter) turn() []byte {
	return marshal(object{"output": f.visible})
}

func (f *responsesFilter) final(held [][]byte) [][]byte {
	out := make([][]byte, 0, len(held))
	for _, raw := range held {
		evs := events(raw)
		if len(evs) == 0 || !f.changed {
			out = append(out, raw)
			continue
		}
		d, err := decodeObject(evs[0].data)
		if err != nil {
			out = append(out, raw)
			continue
		}
		if r := asObject(d["response"]); r != nil {
			visible := f.visible
			if visible == nil {
				visible = []json.RawMessage{}
			}
			r["output"] = visible
		}
		out = append(out, f.sequence(evs[0], raw, d, true))
	}
	return out
}

// continueStream sends a continuation and returns its event stream, or an
// error event for the client in the API's shape.
func (p *Proxy) continueStream(ctx context.Context, a api, up upstreamRequest, body []byte) (io.ReadCloser, []byte) {
	event := func(o object) []byte {
		if a == chat {
			return []byte("data: " + string(marshal(o)) + "\n\n")
		}
		return []byte("event: error\ndata: " + string(marshal(o)) + "\n\n")
	}
	fail := func(msg string) []byte {
		return event(object{"type": "error", "error": object{"type": "api_error", "message": "kompress proxy: continuing after kompress_retrieve: " + msg}})
	}
	req, err := up.request(ctx, body)
	if err != nil {
		return nil, fail(err.Error())
	}
	resp, err := p.hc.Do(req)
	if err != nil {
		return nil, fail(err.Error())
	}
	if resp.StatusCode != http.StatusOK || !isEventStream(resp.Header) {
		defer resp.Body.Close()
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
		if o, err := decodeObject(b); err == nil && o["error"] != nil {
			return nil, event(o)
		}
		return nil, fail(resp.Status + ": " + string(b))
	}
	return resp.Body, nil
}

// renumber gives a block event the client's index of its block.
func renumber(ev sseEvent, evRaw []byte, d object, from, to int) []byte {
	if from == to {
		return evRaw
	}
	d["index"] = to
	return encodeEvent(ev, d)
}

// encodeEvent writes d as the data of a named event, under ev's name or
// else its type.
func encodeEvent(ev sseEvent, d object) []byte {
	name := ev.event
	if name == "" {
		name = str(d["type"])
	}
	return []byte("event: " + name + "\ndata: " + string(marshal(d)) + "\n\n")
}

// readEvents calls fn with each event of an event stream as it arrives,
// with the event's raw bytes.
func readEvents(r io.Reader, fn func(ev sseEvent, raw []byte)) error {
	br := bufio.NewReaderSize(r, 64<<10)
	var cur bytes.Buffer
	for {
		line, err := br.ReadBytes('\n')
		cur.Write(line)
		end := len(line) > 0 && len(bytes.TrimRight(line, "\r\n")) == 0
		// An event cut off by a broken connection is not delivered.
		if end || err == io.EOF && cur.Len() > 0 {
			// A chunk of comments only (keep-alives) carries no event.
			if evs := events(cur.Bytes()); len(evs) > 0 {
				fn(evs[0], bytes.Clone(cur.Bytes()))
			}
			cur.Reset()
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}
