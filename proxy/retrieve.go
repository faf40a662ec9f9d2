package proxy

import (
	"bytes"
	"context"
	"errors"
	"io"
	"mime"
	"net/http"
	"strings"

	"github.com/kompress/kompress/internal/tool"
	"github.com/kompress/kompress/store"
)

// In-band retrieve. A request that carries a marker and declares tools gets
// kompress_retrieve; its response is read whole (event streams are relayed
// live instead, see streamLive; one that is not labelled as such is parsed
// into the message it builds). When the model called only kompress_retrieve,
// the proxy answers from the store, appends the call and its answer to the
// request and asks again, up to maxRounds times, and gives the client the
// final answer (as a fresh event stream when it asked for one). When the
// model called kompress_retrieve together with the client's own tools, the
// client gets its own calls only, and the hidden call with its answer is
// remembered under the turn's anchor (its first client tool call id, or its
// text) and put back in front of that turn in the client's next request, so
// the transcript the model sees stays the one it wrote.

const (
	maxRounds   = 4
	maxResponse = 64 << 20
)

// hiddenTurn is what the client did not see: raw history elements to put
// before the turn they belong to.
type hiddenTurn struct {
	full    []byte // assistant calls and their answers
	outputs []byte // Responses API, chained by previous_response_id: the answers only
}

// call is one tool call of a model response.
type call struct {
	id, name string
	args     []byte // the arguments as a JSON object
	v        *value // its element in the response
	// legacy marks a Chat Completions function_call (the functions API):
	// no id, answered by a role "function" message.
	legacy bool
}

func isEventStream(h http.Header) bool {
	mt, _, _ := mime.ParseMediaType(h.Get("Content-Type"))
	return mt == "text/event-stream"
}

// upstreamRequest is where and how a request went upstream, for its
// continuations.
type upstreamRequest struct {
	url     string
	header  http.Header
	codings []string // the client's Content-Encoding, applied again to every body
}

// request is a continuation of the turn with body (decoded).
func (u upstreamRequest) request(ctx context.Context, body []byte) (*http.Request, error) {
	enc, err := encodeBody(u.codings, body)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u.url, bytes.NewReader(enc))
	if err != nil {
		return nil, err
	}
	req.Header = u.header.Clone()
	req.ContentLength = int64(len(enc))
	return req, nil
}

func (p *Proxy) intercept(ctx context.Context, w http.ResponseWriter, a api, up upstreamRequest, body []byte, prev string, resp *http.Response) {
	stream := isEventStream(resp.Header)
	raw, err := io.ReadAll(io.LimitReader(resp.Body, maxResponse))
	if err != nil {
		if ctx.Err() == nil {
			writeError(w, http.StatusBadGateway, "upstream_error", "reading response: "+err.Error())
		}
		return
	}
	final := raw
	if stream {
		if final, err = accumulate(a, raw); err != nil {
			writeBody(w, resp.Header, resp.StatusCode, "", raw)
			return
		}
	}
	out, changed, fail := p.resolve(ctx, a, up, body, final, stream, prev)
	switch {
	case fail != nil:
		writeBody(w, fail.header, fail.status, "", fail.body)
	case !changed:
		writeBody(w, resp.Header, resp.StatusCode, "", raw)
	case stream:
		writeBody(w, resp.Header, http.StatusOK, "text/event-stream; charset=utf-8", synthesize(a, out))
	default:
		writeBody(w, resp.Header, http.StatusOK, "application/json", out)
	}
}

// upstreamFailure is a non-200 answer to a continuation, passed back as is.
type upstreamFailure struct {
	status int
	header http.Header
	body   []byte
}

// resolve answers the kompress_retrieve calls of resp (a complete response
// JSON) and returns what the client should get.
func (p *Proxy) resolve(ctx context.Context, a api, up upstreamRequest, body, resp []byte, stream bool, prev string) ([]byte, bool, *upstreamFailure) {
	var hidden [][]byte
	var outputs [][]byte
	changed := false
	for round := 0; ; round++ {
		root, err := parse(resp)
		if err != nil {
			return resp, changed, nil
		}
		mine, theirs := splitCalls(a, resp, root)
		if len(mine) == 0 {
			if len(hidden) > 0 && !chained(a, body) {
				p.remember(a, resp, root, prev, hiddenTurn{full: joinRaw(hidden)})
			}
			return resp, changed, nil
		}
		answers := make([][]byte, len(mine))
		for i, c := range mine {
			answers[i] = p.answer(ctx, a, c)
		}
		turn := callsTurn(a, resp, root, mine, len(theirs) > 0)
		if len(theirs) > 0 || round == maxRounds {
			// The client must run its tools (or the model keeps asking):
			// it gets its own calls, the hidden one waits for its next
			// request.
			resp = dropCalls(a, resp, root, mine)
			if len(theirs) == 0 {
				resp = endTurn(a, resp)
			}
			if len(theirs) > 0 {
				hidden = append(hidden, turn, answerTurn(a, answers))
				outputs = append(outputs, answerTurn(a, answers))
				root, _ = parse(resp)
				p.remember(a, resp, root, prev, hiddenTurn{full: joinRaw(hidden), outputs: joinRaw(outputs)})
			}
			return resp, true, nil
		}
		hidden = append(hidden, turn, answerTurn(a, answers))
		body = appendTurn(a, body, turn, answerTurn(a, answers), root.str(resp, "id"))
		next, fail := p.continueTurn(ctx, up, body)
		if fail != nil {
			return nil, false, fail
		}
		resp, changed = next, true
		if stream {
			if resp, err = accumulate(a, next); err != nil {
				return nil, false, &upstreamFailure{http.StatusBadGateway, http.Header{}, marshal(map[string]any{"error": map[string]string{
					"code": "upstream_error", "message": "kompress proxy: unreadable event stream: " + err.Error()}})}
			}
		}
	}
}

// continueTurn sends the extended request upstream.
func (p *Proxy) continueTurn(ctx context.Context, up upstreamRequest, body []byte) ([]byte, *upstreamFailure) {
	req, err := up.request(ctx, body)
	if err != nil {
		return nil, &upstreamFailure{http.StatusBadGateway, http.Header{}, []byte(err.Error())}
	}
	resp, err := p.hc.Do(req)
	if err != nil {
		return nil, &upstreamFailure{http.StatusBadGateway, http.Header{"Content-Type": {"application/json"}},
			marshal(map[string]any{"error": map[string]string{"code": "upstream_unreachable", "message": "kompress proxy: " + err.Error()}})}
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, maxResponse))
	if err != nil {
		return nil, &upstreamFailure{http.StatusBadGateway, http.Header{}, []byte(err.Error())}
	}
	if resp.StatusCode != http.StatusOK {
		return nil, &upstreamFailure{resp.StatusCode, resp.Header, raw}
	}
	return raw, nil
}

// answer runs one kompress_retrieve call and returns the tool result element
// of the API's history shape.
func (p *Proxy) answer(ctx context.Context, a api, c call) []byte {
	text, isErr := p.retrieve(ctx, c.args)
	switch a {
	case anthropic:
		b := []byte(`{"type":"tool_result","tool_use_id":` + string(quote(c.id)) + `,"content":` + string(quote(text)))
		if isErr {
			b = append(b, `,"is_error":true`...)
		}
		return append(b, '}')
	case chat:
		if c.legacy {
			return []byte(`{"role":"function","name":"` + tool.Retrieve + `","content":` + string(quote(text)) + `}`)
		}
		return []byte(`{"role":"tool","tool_call_id":` + string(quote(c.id)) + `,"content":` + string(quote(text)) + `}`)
	default:
		return []byte(`{"type":"function_call_output","call_id":` + string(quote(c.id)) + `,"output":` + string(quote(text)) + `}`)
	}
}

// retrieve returns the original (or the part of it args ask for), or an
// error text for the model.
func (p *Proxy) retrieve(ctx context.Context, rawArgs []byte) (string, bool) {
	args, err := tool.ParseArgs(rawArgs)
	if err != nil {
		return tool.Retrieve + ": " + err.Error(), true
	}
	orig, err := p.opts.Engine.Retrieve(ctx, p.opts.Tenant, args.ID)
	if err != nil {
		if errors.Is(err, store.ErrNotFound) || errors.Is(err, store.ErrBadID) {
			return tool.Retrieve + ": no original stored under id " + args.ID + " (unknown or expired)", true
		}
		return tool.Retrieve + ": store unavailable: " + err.Error(), true
	}
	sel, err := tool.Answer(orig, args)
	if err != nil {
		return tool.Retrieve + ": " + err.Error(), true
	}
	return string(sel), false
}

// calls lists the tool calls of a complete response.
func calls(a api, b []byte, root *value) []call {
	var out []call
	switch a {
	case anthropic:
		for _, blk := range root.get("content").array() {
			if blk.str(b, "type") == "tool_use" {
				args := []byte("{}")
				if in := blk.get("input"); in != nil {
					args = in.raw(b)
				}
				out = append(out, call{id: blk.str(b, "id"), name: blk.str(b, "name"), args: args, v: blk})
			}
		}
	case chat:
		ch := root.get("choices").array()
		if len(ch) == 0 {
			return nil
		}
		msg := ch[0].get("message")
		for _, tc := range msg.get("tool_calls").array() {
			fn := tc.get("function")
			out = append(out, call{id: tc.str(b, "id"), name: fn.str(b, "name"), args: []byte(fn.str(b, "arguments")), v: tc})
		}
		if fc := msg.get("function_call"); fc.is('{') {
			out = append(out, call{name: fc.str(b, "name"), args: []byte(fc.str(b, "arguments")), v: fc, legacy: true})
		}
	case responses:
		for _, it := range root.get("output").array() {
			if it.str(b, "type") == "function_call" {
				out = append(out, call{id: it.str(b, "call_id"), name: it.str(b, "name"), args: []byte(it.str(b, "arguments")), v: it})
			}
		}
	}
	return out
}

// splitCalls separates the kompress_retrieve calls of a response from the
// client's.
func splitCalls(a api, b []byte, root *value) (mine, theirs []call) {
	for _, c := range calls(a, b, root) {
		if c.name == tool.Retrieve {
			mine = append(mine, c)
		} else {
			theirs = append(theirs, c)
		}
	}
	return mine, theirs
}

// callsTurn is the history element(s) of the model's turn: the whole turn
// when the proxy continues it, only the retrieve calls when the client gets
// the rest.
func callsTurn(a api, b []byte, root *value, mine []call, onlyMine bool) []byte {
	raws := make([][]byte, len(mine))
	for i, c := range mine {
		raws[i] = c.v.raw(b)
	}
	switch a {
	case anthropic:
		content := root.get("content").raw(b)
		if onlyMine {
			content = append(append([]byte("["), joinRaw(raws)...), ']')
		}
		return append(append([]byte(`{"role":"assistant","content":`), content...), '}')
	case chat:
		content := []byte("null")
		if ch := root.get("choices").array(); !onlyMine && len(ch) > 0 {
			if c := ch[0].get("message").get("content"); c != nil {
				content = c.raw(b)
			}
		}
		if len(mine) == 1 && mine[0].legacy { // the functions API calls one function a turn
			return []byte(`{"role":"assistant","content":` + string(content) + `,"function_call":` + string(raws[0]) + `}`)
		}
		return []byte(`{"role":"assistant","content":` + string(content) + `,"tool_calls":[` + string(joinRaw(raws)) + `]}`)
	default:
		if onlyMine {
			return joinRaw(raws)
		}
		var items [][]byte
		for _, it := range root.get("output").array() {
			items = append(items, it.raw(b))
		}
		return joinRaw(items)
	}
}

// answerTurn is the history element(s) carrying the answers.
func answerTurn(a api, answers [][]byte) []byte {
	if a == anthropic {
		return append(append([]byte(`{"role":"user","content":[`), joinRaw(answers)...), "]}"...)
	}
	return joinRaw(answers)
}

// chained reports whether a Responses request continues a stored response
// (previous_response_id): the upstream then keeps the history itself.
func chained(a api, body []byte) bool {
	if a != responses {
		return false
	}
	root, err := parse(body)
	return err == nil && root.get("previous_response_id").is('"')
}

// appendTurn adds the model's turn and the answers to the request's history.
func appendTurn(a api, body, turn, answers []byte, respID string) []byte {
	root, err := parse(body)
	if err != nil {
		return body
	}
	listKey := "messages"
	if a == responses {
		listKey = "input"
		if prev := root.get("previous_response_id"); prev.is('"') && respID != "" {
			return splice(body, []edit{
				{prev.start, prev.end, quote(respID)},
				{root.get("input").start, root.get("input").end, append(append([]byte("["), answers...), ']')},
			})
		}
		if in := root.get("input"); in.is('"') {
			items := []byte(`[{"role":"user","content":` + string(in.raw(body)) + `},` + string(turn) + "," + string(answers) + "]")
			return splice(body, []edit{{in.start, in.end, items}})
		}
	}
	list := root.get(listKey)
	if list == nil || list.kind != '[' {
		return body
	}
	add := append(append(append([]byte{}, turn...), ','), answers...)
	if len(list.vals) > 0 {
		add = append([]byte(","), add...)
	}
	return splice(body, []edit{{list.end - 1, list.end - 1, add}})
}

// dropCalls removes the given calls from a complete response.
func dropCalls(a api, b []byte, root *value, drop []call) []byte {
	var list *value
	switch a {
	case anthropic:
		list = root.get("content")
	case chat:
		if len(drop) == 1 && drop[0].legacy {
			// A function_call is the message's one call: it goes as null,
			// as a message without one has it.
			return splice(b, []edit{{drop[0].v.start, drop[0].v.end, []byte("null")}})
		}
		list = root.get("choices").array()[0].get("message").get("tool_calls")
	case responses:
		list = root.get("output")
	}
	gone := map[*value]bool{}
	for _, c := range drop {
		gone[c.v] = true
	}
	var keep [][]byte
	for _, v := range list.array() {
		if !gone[v] {
			keep = append(keep, v.raw(b))
		}
	}
	return splice(b, []edit{{list.start, list.end, append(append([]byte("["), joinRaw(keep)...), ']')}})
}

// endTurn makes a response whose tool calls were all kompress_retrieve's,
// dropped after maxRounds, say that the turn ended: a client told that the
// model stopped for tool use would look for a call of its own to run.
func endTurn(a api, b []byte) []byte {
	root, err := parse(b)
	if err != nil {
		return b
	}
	var v *value
	from, to := "tool_use", "end_turn"
	switch a {
	case anthropic:
		v = root.get("stop_reason")
	case chat:
		if ch := root.get("choices").array(); len(ch) > 0 {
			v = ch[0].get("finish_reason")
		}
		from, to = "tool_calls", "stop"
	}
	if s, ok := v.text(b); !ok || (s != from && (a != chat || s != "function_call")) {
		return b
	}
	return splice(b, []edit{{v.start, v.end, quote(to)}})
}

// endTurnEvent is endTurn for the held event of a live stream that carries
// the stop reason (Anthropic's message_delta, a Chat finish chunk).
func endTurnEvent(a api, raw []byte) []byte {
	evs := events(raw)
	if len(evs) != 1 {
		return raw
	}
	d, err := decodeObject(evs[0].data)
	if err != nil {
		return raw
	}
	switch a {
	case anthropic:
		delta := asObject(d["delta"])
		if d["type"] != "message_delta" || delta["stop_reason"] != "tool_use" {
			return raw
		}
		delta["stop_reason"] = "end_turn"
		return []byte("event: message_delta\ndata: " + string(marshal(d)) + "\n\n")
	case chat:
		choices, _ := d["choices"].([]any)
		if len(choices) != 1 {
			return raw
		}
		if fr := asObject(choices[0])["finish_reason"]; fr != "tool_calls" && fr != "function_call" {
			return raw
		}
		asObject(choices[0])["finish_reason"] = "stop"
		return []byte("data: " + string(marshal(d)) + "\n\n")
	}
	return raw
}

// remember keeps a hidden turn under the anchor of the response the client
// gets. A text anchor is qualified by the conversation before the turn
// (prev, see conversationKey), so two conversations that got the same
// answer ("Done.") do not share hidden turns; tool call ids are unique on
// their own.
func (p *Proxy) remember(a api, b []byte, root *value, prev string, h hiddenTurn) {
	if key := qualify(responseAnchor(a, b, root), prev); key != "" {
		p.hidden.put(a.String()+":"+key, h)
	}
}

func qualify(anchor, prev string) string {
	if strings.HasPrefix(anchor, "text:") {
		return anchor + "|" + prev
	}
	return anchor
}

// conversationKey names the conversation up to the end of a request: a
// chain of elementKey over its messages (or input items). It is computed on
// the client's request, before hidden turns are put back, as restoreHidden
// computes it for each turn of a later request.
func conversationKey(a api, body []byte, root *value) string {
	if a == responses {
		if in := root.get("input"); in.is('"') {
			s, _ := in.text(body)
			return chain("", keyOf("user", "", nil, s))
		}
		return chainOf(body, root.get("input").array())
	}
	return chainOf(body, root.get("messages").array())
}

func chain(acc, key string) string { return digest(acc + "\x00" + key) }

func chainOf(b []byte, list []*value) string {
	acc := ""
	for _, v := range list {
		acc = chain(acc, elementKey(b, v))
	}
	return acc
}

// elementKey names a message or input item by what the client sends back
// unchanged: its role, type, ids and own text, not tool output (which the
// proxy compresses).
func elementKey(b []byte, v *value) string {
	var ids []string
	for _, k := range []string{"id", "tool_call_id", "call_id"} {
		ids = append(ids, v.str(b, k))
	}
	role, typ := v.str(b, "role"), v.str(b, "type")
	var text []byte
	content := v.get("content")
	if s, ok := content.text(b); ok && role != "tool" {
		text = append(text, s...)
	}
	for _, blk := range content.array() {
		ids = append(ids, blk.str(b, "type"), blk.str(b, "id"), blk.str(b, "tool_use_id"))
		switch blk.str(b, "type") {
		case "text", "input_text", "output_text":
			if role != "tool" {
				text = append(text, blk.str(b, "text")...)
			}
		}
	}
	return keyOf(role, typ, ids, string(text))
}

func keyOf(role, typ string, ids []string, text string) string {
	if typ == "message" {
		typ = ""
	}
	for len(ids) < 3 {
		ids = append(ids, "")
	}
	return digest(role + "\x00" + typ + "\x00" + strings.Join(ids, "\x00") + "\x00" + text)
}

// responseAnchor names the turn a response gives the client: its first tool
// call id, else a digest of its text. The client echoes both back in its
// next request, where messageAnchor finds them.
func responseAnchor(a api, b []byte, root *value) string {
	switch a {
	case anthropic:
		return blocksAnchor(b, root.get("content"))
	case chat:
		ch := root.get("choices").array()
		if len(ch) == 0 {
			return ""
		}
		return chatAnchor(b, ch[0].get("message"))
	case responses:
		for _, it := range root.get("output").array() {
			switch it.str(b, "type") {
			case "function_call":
				return "tool:" + it.str(b, "call_id")
			case "message":
				return itemTextAnchor(b, it)
			}
		}
	}
	return ""
}

func blocksAnchor(b []byte, content *value) string {
	if s, ok := content.text(b); ok {
		return textAnchor(s)
	}
	var text []byte
	for _, blk := range content.array() {
		switch blk.str(b, "type") {
		case "tool_use":
			return "tool:" + blk.str(b, "id")
		case "text":
			text = append(text, blk.str(b, "text")...)
		}
	}
	return textAnchor(string(text))
}

func chatAnchor(b []byte, msg *value) string {
	if tcs := msg.get("tool_calls").array(); len(tcs) > 0 {
		return "tool:" + tcs[0].str(b, "id")
	}
	if s, ok := msg.get("content").text(b); ok && s != "" {
		return textAnchor(s)
	}
	if fc := msg.get("function_call"); fc.is('{') {
		// A legacy function_call has no id: its name and arguments, with
		// the conversation before it (qualify), name the turn.
		return textAnchor("function_call\x00" + fc.str(b, "name") + "\x00" + fc.str(b, "arguments"))
	}
	var text []byte
	for _, part := range msg.get("content").array() {
		text = append(text, part.str(b, "text")...)
	}
	return textAnchor(string(text))
}

func itemTextAnchor(b []byte, it *value) string {
	var text []byte
	for _, part := range it.get("content").array() {
		text = append(text, part.str(b, "text")...)
	}
	if s, ok := it.get("content").text(b); ok {
		text = []byte(s)
	}
	return textAnchor(string(text))
}

func textAnchor(s string) string {
	if s == "" {
		return ""
	}
	return "text:" + digest(s)
}

// restoreHidden puts remembered hidden turns back in front of the turns
// they belong to.
func (p *Proxy) restoreHidden(a api, body []byte, root *value) []edit {
	var edits []edit
	insert := func(at *value, before, key string, outputsOnly bool) bool {
		if key == "" {
			return false
		}
		key = qualify(key, before)
		h, ok := p.hidden.get(a.String() + ":" + key)
		if !ok {
			return false
		}
		raw := h.full
		if outputsOnly {
			raw = h.outputs
		}
		if len(raw) == 0 {
			return false
		}
		edits = append(edits, edit{at.start, at.start, append(append([]byte{}, raw...), ',')})
		return true
	}
	switch a {
	case anthropic, chat:
		before := ""
		for _, m := range root.get("messages").array() {
			if m.str(body, "role") == "assistant" {
				if a == anthropic {
					insert(m, before, blocksAnchor(body, m.get("content")), false)
				} else {
					insert(m, before, chatAnchor(body, m), false)
				}
			}
			before = chain(before, elementKey(body, m))
		}
	case responses:
		items := root.get("input").array()
		hasCall := map[string]bool{}
		for _, it := range items {
			if it.str(body, "type") == "function_call" {
				hasCall[it.str(body, "call_id")] = true
			}
		}
		chained := root.get("previous_response_id").is('"')
		done := map[string]bool{}
		before := ""
		for _, it := range items {
			key := ""
			outputsOnly := false
			switch it.str(body, "type") {
			case "function_call":
				key = "tool:" + it.str(body, "call_id")
			case "function_call_output":
				if id := it.str(body, "call_id"); chained && !hasCall[id] {
					key, outputsOnly = "tool:"+id, true
				}
			case "message", "":
				if it.str(body, "role") == "assistant" {
					key = itemTextAnchor(body, it)
				}
			}
			if key != "" && !done[key] && insert(it, before, key, outputsOnly) {
				done[key] = true
			}
			before = chain(before, elementKey(body, it))
		}
	}
	return edits
}
