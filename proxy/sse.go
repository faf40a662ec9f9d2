package proxy

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// The in-band retrieve reads a streamed response whole: accumulate turns the
// server-sent events into the response object a non-streaming call would
// have returned, and synthesize writes such an object back as a valid event
// stream of the same API, for the answers the proxy changed.

type sseEvent struct {
	event string
	data  []byte
}

// events splits a server-sent event stream into its events.
func events(raw []byte) []sseEvent {
	raw = bytes.ReplaceAll(raw, []byte("\r\n"), []byte("\n"))
	var out []sseEvent
	var cur sseEvent
	var data [][]byte
	flush := func() {
		if len(data) > 0 || cur.event != "" {
			cur.data = bytes.Join(data, []byte("\n"))
			out = append(out, cur)
		}
		cur, data = sseEvent{}, nil
	}
	for _, line := range bytes.Split(raw, []byte("\n")) {
		switch {
		case len(line) == 0:
			flush()
		case line[0] == ':':
		default:
			field, val, _ := bytes.Cut(line, []byte(":"))
			val = bytes.TrimPrefix(val, []byte(" "))
			switch string(field) {
			case "event":
				cur.event = string(val)
			case "data":
				data = append(data, val)
			}
		}
	}
	flush()
	return out
}

type object = map[string]any

func decodeObject(b []byte) (object, error) {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var o object
	if err := d.Decode(&o); err != nil {
		return nil, err
	}
	return o, nil
}

func asObject(v any) object {
	o, _ := v.(object)
	return o
}

func asInt(v any) (int, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return 0, false
	}
	i, err := n.Int64()
	return int(i), err == nil && i >= 0 && i < 1<<16
}

// str is v when it is a string, else "".
func str(v any) string {
	s, _ := v.(string)
	return s
}

func copyObject(o object) object {
	c := make(object, len(o))
	for k, v := range o {
		c[k] = v
	}
	return c
}

var errIncomplete = errors.New("proxy: event stream ended before the response was complete")

// accumulate builds the complete response of a streamed one.
func accumulate(a api, raw []byte) ([]byte, error) {
	switch a {
	case anthropic:
		return accumulateAnthropic(raw)
	case chat:
		return accumulateChat(raw)
	}
	return accumulateResponses(raw)
}

func accumulateAnthropic(raw []byte) ([]byte, error) {
	var msg object
	var blocks []object
	partial := map[int]*strings.Builder{}
	done := false
	for _, ev := range events(raw) {
		d, err := decodeObject(ev.data)
		if err != nil {
			return nil, err
		}
		idx, _ := asInt(d["index"])
		block := func() object {
			if idx < len(blocks) && blocks[idx] != nil {
				return blocks[idx]
			}
			return nil
		}
		switch d["type"] {
		case "message_start":
			msg = asObject(d["message"])
		case "content_block_start":
			for len(blocks) <= idx {
				blocks = append(blocks, nil)
			}
			blocks[idx] = copyObject(asObject(d["content_block"]))
		case "content_block_delta":
			blk, delta := block(), asObject(d["delta"])
			if blk == nil {
				return nil, fmt.Errorf("proxy: delta for unknown content block %d", idx)
			}
			switch delta["type"] {
			case "text_delta":
				blk["text"] = str(blk["text"]) + str(delta["text"])
			case "thinking_delta":
				blk["thinking"] = str(blk["thinking"]) + str(delta["thinking"])
			case "signature_delta":
				blk["signature"] = delta["signature"]
			case "input_json_delta":
				if partial[idx] == nil {
					partial[idx] = &strings.Builder{}
				}
				partial[idx].WriteString(str(delta["partial_json"]))
			case "citations_delta":
				cs, _ := blk["citations"].([]any)
				blk["citations"] = append(cs, delta["citation"])
			}
		case "content_block_stop":
			if pj := partial[idx]; pj != nil && block() != nil {
				if !json.Valid([]byte(pj.String())) {
					return nil, fmt.Errorf("proxy: tool input of block %d is not JSON", idx)
				}
				blocks[idx]["input"] = json.RawMessage(pj.String())
			}
		case "message_delta":
			if msg == nil {
				return nil, errIncomplete
			}
			for k, v := range asObject(d["delta"]) {
				msg[k] = v
			}
			if u := asObject(d["usage"]); u != nil {
				mu := asObject(msg["usage"])
				if mu == nil {
					mu = object{}
				}
				for k, v := range u {
					mu[k] = v
				}
				msg["usage"] = mu
			}
		case "message_stop":
			done = true
		case "error":
			return nil, errors.New("proxy: upstream stream reported an error")
		}
	}
	if msg == nil || !done {
		return nil, errIncomplete
	}
	content := make([]any, 0, len(blocks))
	for _, b := range blocks {
		if b != nil {
			content = append(content, b)
		}
	}
	msg["content"] = content
	return marshal(msg), nil
}

func accumulateChat(raw []byte) ([]byte, error) {
	var head object
	var text, refusal strings.Builder
	hasText, hasRefusal, done := false, false, false
	var calls []object
	var function object // a legacy function_call
	var finish, usage any
	role := "assistant"
	for _, ev := range events(raw) {
		if string(ev.data) == "[DONE]" {
			done = true
			continue
		}
		d, err := decodeObject(ev.data)
		if err != nil {
			return nil, err
		}
		if head == nil {
			head = object{}
			for _, k := range []string{"id", "created", "model", "system_fingerprint", "service_tier"} {
				if v, ok := d[k]; ok {
					head[k] = v
				}
			}
		}
		if u, ok := d["usage"]; ok && u != nil {
			usage = u
		}
		choices, _ := d["choices"].([]any)
		for _, c := range choices {
			ch := asObject(c)
			if i, _ := asInt(ch["index"]); i != 0 {
				return nil, errors.New("proxy: several choices in one stream")
			}
			delta := asObject(ch["delta"])
			if r, ok := delta["role"].(string); ok {
				role = r
			}
			if s, ok := delta["content"].(string); ok {
				text.WriteString(s)
				hasText = true
			}
			if s, ok := delta["refusal"].(string); ok {
				refusal.WriteString(s)
				hasRefusal = true
			}
			tcs, _ := delta["tool_calls"].([]any)
			for _, t := range tcs {
				tc := asObject(t)
				i, ok := asInt(tc["index"])
				if !ok {
					return nil, errors.New("proxy: tool call delta without index")
				}
				for len(calls) <= i {
					calls = append(calls, object{"type": "function", "function": object{"name": "", "arguments": ""}})
				}
				c := calls[i]
				for _, k := range []string{"id", "type"} {
					if v, ok := tc[k]; ok {
						c[k] = v
					}
				}
				fn, cfn := asObject(tc["function"]), asObject(c["function"])
				if s, ok := fn["name"].(string); ok {
					cfn["name"] = str(cfn["name"]) + s
				}
				if s, ok := fn["arguments"].(string); ok {
					cfn["arguments"] = str(cfn["arguments"]) + s
				}
			}
			if fc, ok := delta["function_call"].(map[string]any); ok { // the legacy functions API
				if function == nil {
					function = object{"name": "", "arguments": ""}
				}
				for _, k := range []string{"name", "arguments"} {
					if s, ok := fc[k].(string); ok {
						function[k] = str(function[k]) + s
					}
				}
			}
			if f, ok := ch["finish_reason"]; ok && f != nil {
				finish = f
			}
		}
	}
	if head == nil || !done || finish == nil {
		return nil, errIncomplete
	}
	msg := object{"role": role, "content": nil}
	if hasText {
		msg["content"] = text.String()
	}
	if hasRefusal {
		msg["refusal"] = refusal.String()
	}
	if len(calls) > 0 {
		list := make([]any, len(calls))
		for i, c := range calls {
			list[i] = c
		}
		msg["tool_calls"] = list
	}
	if function != nil {
		msg["function_call"] = function
	}
	out := copyObject(head)
	out["object"] = "chat.completion"
	out["choices"] = []any{object{"index": 0, "message": msg, "finish_reason": finish}}
	if usage != nil {
		out["usage"] = usage
	}
	return marshal(out), nil
}

func accumulateResponses(raw []byte) ([]byte, error) {
	for _, ev := range events(raw) {
		d, err := decodeObject(ev.data)
		if err != nil {
			return nil, err
		}
		switch d["type"] {
		case "response.completed", "response.incomplete", "response.failed":
			if r := asObject(d["response"]); r != nil {
				return marshal(r), nil
			}
		}
	}
	return nil, errIncomplete
}

// synthesize writes a complete response as an event stream of the API.
func synthesize(a api, final []byte) []byte {
	o, err := decodeObject(final)
	if err != nil {
		return nil
	}
	var w sseWriter
	switch a {
	case anthropic:
		w.anthropic(o)
	case chat:
		w.chat(o)
	default:
		w.responses(o)
	}
	return w.b.Bytes()
}

type sseWriter struct {
	b   bytes.Buffer
	seq int
}

func (w *sseWriter) emit(event string, data any) {
	if event != "" {
		w.b.WriteString("event: " + event + "\n")
	}
	w.b.WriteString("data: ")
	w.b.Write(marshal(data))
	w.b.WriteString("\n\n")
}

func (w *sseWriter) anthropic(msg object) {
	start := copyObject(msg)
	start["content"] = []any{}
	start["stop_reason"], start["stop_sequence"] = nil, nil
	w.emit("message_start", object{"type": "message_start", "message": start})
	content, _ := msg["content"].([]any)
	for i, c := range content {
		blk := asObject(c)
		cb := copyObject(blk)
		var deltas []object
		switch blk["type"] {
		case "text":
			cb["text"] = ""
			deltas = append(deltas, object{"type": "text_delta", "text": blk["text"]})
		case "tool_use":
			cb["input"] = object{}
			in := blk["input"]
			if in == nil {
				in = object{}
			}
			deltas = append(deltas, object{"type": "input_json_delta", "partial_json": string(marshal(in))})
		case "thinking":
			cb["thinking"], cb["signature"] = "", ""
			deltas = append(deltas, object{"type": "thinking_delta", "thinking": blk["thinking"]})
			if s, ok := blk["signature"]; ok {
				deltas = append(deltas, object{"type": "signature_delta", "signature": s})
			}
		}
		w.emit("content_block_start", object{"type": "content_block_start", "index": i, "content_block": cb})
		for _, d := range deltas {
			w.emit("content_block_delta", object{"type": "content_block_delta", "index": i, "delta": d})
		}
		w.emit("content_block_stop", object{"type": "content_block_stop", "index": i})
	}
	md := object{"type": "message_delta", "delta": object{"stop_reason": msg["stop_reason"], "stop_sequence": msg["stop_sequence"]}}
	if u := asObject(msg["usage"]); u != nil {
		md["usage"] = u
	}
	w.emit("message_delta", md)
	w.emit("message_stop", object{"type": "message_stop"})
}

func (w *sseWriter) chat(o object) {
	base := func() object {
		c := object{"object": "chat.completion.chunk"}
		for _, k := range []string{"id", "created", "model", "system_fingerprint", "service_tier"} {
			if v, ok := o[k]; ok {
				c[k] = v
			}
		}
		return c
	}
	chunk := func(delta object, finish any) {
		c := base()
		c["choices"] = []any{object{"index": 0, "delta": delta, "finish_reason": finish}}
		w.emit("", c)
	}
	choices, _ := o["choices"].([]any)
	if len(choices) > 0 {
		ch := asObject(choices[0])
		msg := asObject(ch["message"])
		first := object{"role": "assistant", "content": msg["content"]}
		if r, ok := msg["refusal"]; ok && r != nil {
			first["refusal"] = r
		}
		chunk(first, nil)
		if tcs, _ := msg["tool_calls"].([]any); len(tcs) > 0 {
			list := make([]any, len(tcs))
			for i, t := range tcs {
				tc := copyObject(asObject(t))
				tc["index"] = i
				list[i] = tc
			}
			chunk(object{"tool_calls": list}, nil)
		}
		if fc, ok := msg["function_call"]; ok && fc != nil {
			chunk(object{"function_call": fc}, nil)
		}
		chunk(object{}, ch["finish_reason"])
	}
	if u, ok := o["usage"]; ok && u != nil {
		c := base()
		c["choices"] = []any{}
		c["usage"] = u
		w.emit("", c)
	}
	w.b.WriteString("data: [DONE]\n\n")
}

func (w *sseWriter) responses(resp object) {
	ev := func(typ string, fields object) {
		fields["type"] = typ
		fields["sequence_number"] = w.seq
		w.seq++
		w.emit(typ, fields)
	}
	created := copyObject(resp)
	created["status"], created["output"] = "in_progress", []any{}
	ev("response.created", object{"response": created})
	ev("response.in_progress", object{"response": created})
	output, _ := resp["output"].([]any)
	for i, it := range output {
		item := asObject(it)
		added := copyObject(item)
		added["status"] = "in_progress"
		id := item["id"]
		switch item["type"] {
		case "message":
			added["content"] = []any{}
		case "function_call":
			added["arguments"] = ""
		}
		ev("response.output_item.added", object{"output_index": i, "item": added})
		switch item["type"] {
		case "message":
			parts, _ := item["content"].([]any)
			for j, p := range parts {
				part := asObject(p)
				at := object{"item_id": id, "output_index": i, "content_index": j}
				with := func(k string, v any) object { o := copyObject(at); o[k] = v; return o }
				if part["type"] == "output_text" {
					empty := copyObject(part)
					empty["text"] = ""
					ev("response.content_part.added", with("part", empty))
					ev("response.output_text.delta", with("delta", part["text"]))
					ev("response.output_text.done", with("text", part["text"]))
				} else {
					ev("response.content_part.added", with("part", part))
				}
				ev("response.content_part.done", with("part", part))
			}
		case "function_call":
			ev("response.function_call_arguments.delta", object{"item_id": id, "output_index": i, "delta": item["arguments"]})
			ev("response.function_call_arguments.done", object{"item_id": id, "output_index": i, "arguments": item["arguments"]})
		}
		ev("response.output_item.done", object{"output_index": i, "item": item})
	}
	typ := "response.completed"
	switch resp["status"] {
	case "incomplete":
		typ = "response.incomplete"
	case "failed":
		typ = "response.failed"
	}
	ev(typ, object{"response": resp})
}
