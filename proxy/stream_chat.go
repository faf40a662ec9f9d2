package proxy

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"

	"github.com/kompress/kompress/internal/tool"
)

// streamChat is streamAnthropic for Chat Completions: chunks pass through
// as they arrive; kompress_retrieve tool calls are left out of them, the
// client's calls renumbered; the finish chunk, the usage chunk and [DONE]
// wait until the proxy knows whether it continues the turn.
func (p *Proxy) streamChat(ctx context.Context, w http.ResponseWriter, up upstreamRequest, body []byte, prev string, resp *http.Response) {
	copyHeader(w.Header(), resp.Header)
	w.WriteHeader(resp.StatusCode)
	rc := http.NewResponseController(w)
	send := func(b []byte) {
		_, _ = w.Write(b)
		_ = rc.Flush()
	}
	next := 0       // client index of the next visible tool call
	var text []byte // the content the client got, over all rounds
	var hidden [][]byte
	src := resp.Body
	for round := 0; ; round++ {
		var raw bytes.Buffer
		mine := map[int]bool{}
		index := map[int]int{}
		var held [][]byte
		err := readEvents(src, func(ev sseEvent, evRaw []byte) {
			raw.Write(evRaw)
			if string(ev.data) == "[DONE]" {
				held = append(held, evRaw)
				return
			}
			d, err := decodeObject(ev.data)
			choices, _ := d["choices"].([]any)
			if err != nil || len(choices) != 1 {
				if err == nil && len(choices) == 0 {
					held = append(held, evRaw) // the usage chunk comes last
				} else {
					send(evRaw)
				}
				return
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
						mine[i] = true
					}
					if mine[i] {
						changed = true
						continue
					}
					if _, seen := index[i]; !seen {
						index[i] = next
						next++
					}
					if index[i] != i {
						tc["index"] = index[i]
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
			out := evRaw
			if changed {
				out = []byte("data: " + string(marshal(d)) + "\n\n")
			}
			if f, ok := ch["finish_reason"]; ok && f != nil {
				held = append(held, out)
				return
			}
			if changed && len(delta) == 0 {
				return // it only carried the hidden call
			}
			send(out)
		})
		if round > 0 {
			src.Close()
		}
		finish := func() {
			for _, b := range held {
				send(b)
			}
		}
		if err != nil {
			return
		}
		msg, err := accumulate(chat, raw.Bytes())
		root, perr := parse(msg)
		if err != nil || perr != nil {
			finish()
			return
		}
		if ch := root.get("choices").array(); len(ch) > 0 {
			if s, ok := ch[0].get("message").get("content").text(msg); ok {
				text = append(text, s...)
			}
		}
		calledMine, calledTheirs := splitCalls(chat, msg, root)
		if len(calledMine) > 0 {
			answers := make([][]byte, len(calledMine))
			for i, c := range calledMine {
				answers[i] = p.answer(ctx, chat, c)
			}
			hidden = append(hidden, callsTurn(chat, msg, root, calledMine, true), answerTurn(chat, answers))
			if len(calledTheirs) == 0 && round < maxRounds {
				body = appendTurn(chat, body, callsTurn(chat, msg, root, calledMine, false), answerTurn(chat, answers), "")
				more, errEvent := p.continueStream(ctx, chat, up, body)
				if errEvent != nil {
					send(errEvent)
					return
				}
				src = more
				continue
			}
			msg = dropCalls(chat, msg, root, calledMine)
			root, _ = parse(msg)
		}
		if len(hidden) > 0 {
			// The turn as the client assembled it: its text from every
			// round, its tool calls from the last.
			m := object{"content": string(text)}
			if ch := root.get("choices").array(); len(ch) > 0 {
				if tcs := ch[0].get("message").get("tool_calls"); tcs != nil {
					m["tool_calls"] = json.RawMessage(tcs.raw(msg))
				}
			}
			turn := marshal(object{"choices": []any{object{"message": m}}})
			if tr, err := parse(turn); err == nil {
				p.remember(chat, turn, tr, prev, hiddenTurn{full: joinRaw(hidden)})
			}
		}
		finish()
		return
	}
}
